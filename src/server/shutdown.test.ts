import { describe, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

// Starts the real entry point as a child process, as production does, then sends SIGTERM.
describe("graceful shutdown", () => {
  test("SIGTERM: in-flight requests finish, sockets get 1001, the process exits 0 within 10 s", async () => {
    const port = 20000 + Math.floor(Math.random() * 20000);
    const dataDir = mkdtempSync(join(tmpdir(), "birdie-shutdown-"));
    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      PORT: String(port),
      NODE_ENV: "test",
      DATA_DIR: dataDir,
    };
    if (process.env.TEST_DATABASE_URL) delete env.TEST_DATABASE_URL;
    const child = Bun.spawn(["bun", resolve(import.meta.dir, "index.ts")], { env, stdout: "pipe", stderr: "pipe" });
    const base = `http://127.0.0.1:${port}`;
    try {
      const started = Date.now();
      for (;;) {
        const ok = await fetch(`${base}/api/health`)
          .then((r) => r.ok)
          .catch(() => false);
        if (ok) break;
        if (Date.now() - started > 60_000) throw new Error("server did not start");
        await Bun.sleep(200);
      }
      const reg = await fetch(`${base}/api/register`, {
        method: "POST",
        headers: { Origin: base, "Content-Type": "application/json" },
        body: JSON.stringify({
          username: "leaver",
          displayName: "Leaver",
          email: "leaver@example.com",
          password: "secret1",
        }),
      });
      const cookie = reg.headers.getSetCookie()[0].split(";")[0];
      const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { Origin: base, Cookie: cookie } } as never);
      await new Promise((r) => ws.addEventListener("open", r));
      const wsClosed = new Promise<number>((r) => ws.addEventListener("close", (e) => r(e.code)));

      // A request that is truly in flight when the signal lands: its body trickles in over ~600 ms.
      const body = JSON.stringify({ username: "leaver", password: "secret1" });
      let sentFirst!: () => void;
      const firstChunkSent = new Promise<void>((r) => (sentFirst = r));
      const stream = new ReadableStream<Uint8Array>({
        async start(controller) {
          const bytes = new TextEncoder().encode(body);
          for (let i = 0; i < bytes.length; i += 8) {
            controller.enqueue(bytes.slice(i, i + 8));
            if (i === 0) sentFirst();
            await Bun.sleep(600 / (bytes.length / 8));
          }
          controller.close();
        },
      });
      const slow = fetch(`${base}/api/login`, {
        method: "POST",
        headers: { Origin: base, "Content-Type": "application/json" },
        body: stream,
        duplex: "half",
      } as RequestInit).then((r) => r.status);
      await firstChunkSent;
      await Bun.sleep(100);
      const stopAt = Date.now();
      child.kill("SIGTERM");
      const statuses = [await slow];
      const exitCode = await child.exited;
      const took = Date.now() - stopAt;

      expect(statuses.every((s) => s === 200)).toBe(true);
      expect(await wsClosed).toBe(1001);
      expect(exitCode).toBe(0);
      expect(took).toBeLessThan(10_000);
      // The port is free again: nothing kept listening.
      expect(
        await fetch(`${base}/api/health`)
          .then(() => "open")
          .catch(() => "closed"),
      ).toBe("closed");
    } finally {
      child.kill("SIGKILL");
    }
  }, 90_000);
});

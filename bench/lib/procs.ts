import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Subprocess } from "bun";

/** A process's resident memory in MB as the operating system counts it (VmRSS in /proc). */
export function rssMbOf(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, "utf8")
    .split("\n")
    .find((l) => l.startsWith("VmRSS:"));
  return Number(line?.match(/(\d+)/)?.[1] ?? 0) / 1024;
}

export type Memory = { rss: number; heapUsed: number; sockets: number };

export type ServerProcess = {
  url: string;
  port: number;
  pid: number;
  /** Forces a full GC inside the server process and returns its memory afterwards. */
  memory(): Promise<Memory>;
  stop(): Promise<void>;
};

/** Spawns `script` with Bun, waits for its "READY <port>" line (bounded), keeps draining stdout. */
async function spawnReady(
  script: string,
  env: Record<string, string>,
  onMessage?: (msg: unknown) => void,
): Promise<{ child: Subprocess; port: number }> {
  // BENCH_BUN_FLAGS="--cpu-prof-md --cpu-prof-dir=/tmp/prof" profiles the spawned processes.
  const flags = (process.env.BENCH_BUN_FLAGS ?? "").split(" ").filter(Boolean);
  const child = Bun.spawn(["bun", ...flags, resolve(import.meta.dir, script)], {
    env: { ...(process.env as Record<string, string>), ...env },
    stdout: "pipe",
    stderr: "inherit",
    ipc: onMessage ? (msg) => onMessage(msg) : undefined,
  });
  const stdout = child.stdout as ReadableStream<Uint8Array>;
  const reader = stdout.getReader();
  let out = "";
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const port = out.match(/READY (\d+)/)?.[1];
    if (port) {
      reader.releaseLock();
      void stdout.pipeTo(new WritableStream({ write: (chunk) => void process.stdout.write(chunk) })).catch(() => {});
      return { child, port: Number(port) };
    }
    const { value, done } = await reader.read();
    if (done) break;
    out += new TextDecoder().decode(value);
  }
  child.kill("SIGKILL");
  throw new Error(`${script} did not start: ${out}`);
}

/** The production server (startServer) in its own process, on `databaseUrl`. */
export async function spawnServer(databaseUrl: string, extraEnv: Record<string, string> = {}): Promise<ServerProcess> {
  let waiting: ((m: Memory) => void) | undefined;
  const { child, port } = await spawnReady(
    "serve.ts",
    { DATABASE_URL: databaseUrl, NODE_ENV: "test", RATE_LIMIT_SCALE: "100000", PORT: "0", ...extraEnv },
    (msg) => {
      const m = msg as { type?: string } & Memory;
      if (m?.type === "memory" && waiting) {
        const w = waiting;
        waiting = undefined;
        w({ rss: m.rss, heapUsed: m.heapUsed, sockets: m.sockets });
      }
    },
  );
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid,
    memory: () =>
      new Promise<Memory>((res, rej) => {
        const timer = setTimeout(() => rej(new Error("server did not answer the gc hook")), 30_000);
        waiting = (m) => {
          clearTimeout(timer);
          res(m);
        };
        child.send({ type: "gc" });
      }),
    stop: async () => {
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      await child.exited;
      clearTimeout(timer);
    },
  };
}

/** A bare Bun.serve hello-world in its own process: the ceiling for this machine. */
export async function spawnHello(): Promise<{ url: string; stop(): Promise<void> }> {
  const { child, port } = await spawnReady("hello.ts", {});
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: async () => {
      child.kill("SIGTERM");
      await child.exited;
    },
  };
}

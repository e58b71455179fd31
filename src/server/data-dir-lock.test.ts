import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ChildServer, spawnServer } from "./test/harness/child-server";
import { serverClient } from "./test/harness/test-socket";

// Issue 13, row 8: one server per embedded DATA_DIR, with real processes as production runs them.
// A second server on a directory in use refuses to start (clear message, non-zero exit) while the
// first keeps serving; after the first is killed with SIGKILL (no clean-up at all), a new server
// takes the directory over and finds every acknowledged row.

const dataDir = mkdtempSync(join(tmpdir(), "birdie-lock-"));
const started: ChildServer[] = [];
const start = () => {
  const server = spawnServer({ DATA_DIR: dataDir, DATABASE_URL: undefined });
  started.push(server);
  return server;
};

afterAll(async () => {
  for (const s of started) await s.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("DATA_DIR is locked to one server", () => {
  test("a second server refuses with a message and exit 1; the first serves on; after kill -9 a new one takes over", async () => {
    const first = start();
    const origin = await first.ready;
    const golfer = serverClient(origin);
    const account = {
      username: "lockholder",
      displayName: "Lock Holder",
      email: "lock@example.com",
      password: "birdie123",
    };
    expect((await golfer.post("/api/register", account)).status).toBe(201);

    const second = start();
    const code = await second.exited;
    expect(code).not.toBe(0);
    expect(second.output()).toContain(`DATA_DIR ${dataDir} is in use by another Birdie Challenge server`);
    await expect(second.ready).rejects.toThrow();

    // The first never noticed: it answers and still writes.
    expect(first.alive()).toBe(true);
    expect((await fetch(`${origin}/api/health`)).status).toBe(200);
    expect((await golfer.put("/api/users/me", { displayName: "Still Holding" })).status).toBe(200);

    first.child.kill("SIGKILL");
    await first.exited;
    const third = start();
    const thirdOrigin = await third.ready;
    const again = serverClient(thirdOrigin);
    const login = await again.post("/api/login", { username: account.username, password: account.password });
    expect(login.status).toBe(200);
    expect((await again.get("/api/user")).json.displayName).toBe("Still Holding");
  }, 90_000);
});

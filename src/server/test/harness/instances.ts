import { afterAll, beforeAll } from "bun:test";
import { resolve } from "node:path";
import type { Database } from "../../db/client";
import { type RunningServer, startServer } from "../../server";
import { createTestDatabase, testDatabaseUrl, testEnv } from "./harness";

// A second server instance on a test database, for "works on every instance" tests:
// - PostgreSQL (TEST_DATABASE_URL): a separate OS process running the real entry point
//   (src/server/index.ts) on its own port, so everything between instances crosses processes.
// - PGlite (one process per data directory by design): a second Bun server in this process
//   sharing the PGlite, whose in-process LISTEN/NOTIFY then carries what crosses instances.

export type Instance = { origin: string; stop(): Promise<void> };

export async function startChildInstance(
  databaseUrl: string,
  extraEnv: Record<string, string> = {},
): Promise<Instance> {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    DATABASE_URL: databaseUrl,
    PORT: "0",
    NODE_ENV: "test",
    RATE_LIMIT_SCALE: "100",
    ...extraEnv,
  };
  delete env.TEST_DATABASE_URL;
  const child = Bun.spawn(["bun", resolve(import.meta.dir, "../../index.ts")], {
    env,
    stdout: "pipe",
    stderr: "inherit",
  });
  const reader = child.stdout.getReader();
  let out = "";
  const started = Date.now();
  for (;;) {
    const port = out.match(/running at http:\/\/localhost:(\d+)/)?.[1];
    if (port) {
      reader.releaseLock();
      // Keep draining so the child never blocks on a full stdout pipe.
      void child.stdout.pipeTo(new WritableStream()).catch(() => {});
      return {
        origin: `http://localhost:${port}`,
        stop: async () => {
          child.kill("SIGTERM");
          await child.exited;
        },
      };
    }
    if (Date.now() - started > 30_000) {
      child.kill();
      throw new Error(`instance B did not start: ${out}`);
    }
    const { value, done } = await reader.read();
    if (done) throw new Error(`instance B exited: ${out}`);
    out += new TextDecoder().decode(value);
  }
}

/** Another instance on `database`: a child process on PostgreSQL, an in-process server on PGlite. */
export async function startSecondInstance(
  database: Database,
  extraEnv: Record<string, string> = {},
): Promise<Instance> {
  const url = testDatabaseUrl(database);
  if (url) return startChildInstance(url, extraEnv);
  // The shared PGlite is closed once, by its owner.
  const second = await startServer(testEnv({ PORT: "0", ...extraEnv }), {
    database: { ...database, close: async () => {} },
  });
  return { origin: second.url, stop: second.stop };
}

export type TwoInstances = { database: Database; a: RunningServer; b: Instance };

/**
 * For a test file: a test database with instance A (a server in this process) and instance B
 * (startSecondInstance) on it, both started with `env` before the file's tests and stopped after
 * them. Read the fields inside tests: they are set once the file's beforeAll ran.
 */
export function twoInstances(env: Record<string, string> = {}): TwoInstances {
  const ctx = {} as TwoInstances;
  beforeAll(async () => {
    ctx.database = await createTestDatabase();
    ctx.a = await startServer(testEnv({ PORT: "0", ...env }), { database: ctx.database });
    ctx.b = await startSecondInstance(ctx.database, env);
  }, 60_000);
  afterAll(async () => {
    await ctx.b?.stop();
    await ctx.a?.stop();
    await ctx.database?.close();
  }, 120_000);
  return ctx;
}

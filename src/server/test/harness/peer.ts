import { afterAll, beforeAll } from "bun:test";
import type { Database } from "../../db/client";
import { createTestHarness, openPeerDatabase, type TestHarness } from "./harness";

/**
 * For a *.pg-test.ts file: a harness on TEST_DATABASE_URL's PostgreSQL and a second pool on the
 * same database (another server process's connections), both opened before the file's tests and
 * closed after them. `ready` runs once both are open (a file's own tables). Read `h` and `peer`
 * from the returned object inside tests.
 */
export function peerTestHarness(
  file: string,
  ready?: (h: TestHarness) => Promise<unknown>,
): { h: TestHarness; peer: Database } {
  const ctx = {} as { h: TestHarness; peer: Database };
  beforeAll(async () => {
    if (!process.env.TEST_DATABASE_URL) throw new Error(`${file} needs TEST_DATABASE_URL`);
    ctx.h = await createTestHarness();
    ctx.peer = await openPeerDatabase(ctx.h.database);
    await ready?.(ctx.h);
  }, 120_000);
  afterAll(async () => {
    await ctx.peer?.close();
    await ctx.h?.close();
  });
  return ctx;
}

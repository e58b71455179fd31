import { afterAll, beforeAll, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { rows } from "../db/raw";
import { createTestDatabase } from "../test/harness/harness";
import { vacuumQueueIfBloated } from "./upkeep";

// The queue table's upkeep (issue 19, session 15): dead rows left by finished jobs are vacuumed
// away once they pass the limit, on PGlite (which runs no autovacuum) and on PostgreSQL.

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(() => database?.close());

async function deadRows(): Promise<number> {
  // PostgreSQL publishes table counters when a backend's transaction ends, at most once a second.
  await database.db.execute(sql`select pg_stat_force_next_flush()`).catch(() => {});
  const [row] = await rows<{ dead: number }>(
    database.db,
    sql`select n_dead_tup::int as dead from pg_stat_user_tables where relid = 'jobs'::regclass`,
  );
  return row?.dead ?? 0;
}

test("a queue table with dead rows past the limit is vacuumed; below it, left alone", async () => {
  const db = database.db;
  await db.execute(
    sql`insert into jobs (kind, payload) select 'upkeep.test', jsonb_build_object('n', g) from generate_series(1, 600) g`,
  );
  await db.execute(sql`update jobs set status = 'running' where kind = 'upkeep.test'`);
  await db.execute(sql`update jobs set status = 'done', finished_at = now() where kind = 'upkeep.test'`);
  let dead = 0;
  for (let i = 0; i < 50 && dead < 1_000; i++) {
    dead = await deadRows();
    if (dead < 1_000) await Bun.sleep(100);
  }
  expect(dead).toBeGreaterThanOrEqual(1_000);
  expect(await vacuumQueueIfBloated(db, dead + 1)).toBe(false);
  expect(await deadRows()).toBeGreaterThanOrEqual(1_000);
  expect(await vacuumQueueIfBloated(db, 500)).toBe(true);
  expect(await deadRows()).toBeLessThan(100);
});

import { afterAll, beforeAll, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import type { Database } from "./client";
import { rows } from "./raw";
import { createTestDatabase } from "../test/harness/harness";
import { analyzeStaleTables } from "./statistics";

// Stale statistics are renewed where autovacuum does not run (issue 19, session 31): a table is
// analyzed once more than 50 + all its rows changed since its last analyze (ADR 0071).
// On PGlite (the unit pass) and on PostgreSQL (the PostgreSQL pass), as `embedded` makes it act
// whatever the server's autovacuum setting.

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`create table stats_grown (id int primary key, v text)`);
  await database.db.execute(sql`create table stats_quiet (id int primary key, v text)`);
  await database.db.execute(sql`analyze stats_grown`);
  await database.db.execute(sql`analyze stats_quiet`);
}, 60_000);
afterAll(() => database?.close());

/**
 * Runs `change` and has its backend publish its table counters as it commits (PostgreSQL otherwise
 * publishes them up to a second later), so what the upkeep reads next includes the change.
 */
const changed = (change: ReturnType<typeof sql>) =>
  database.db.transaction(async (tx) => {
    await tx.execute(change);
    await tx.execute(sql`select pg_stat_force_next_flush()`);
  });

test("a table changed past the threshold since its last analyze is analyzed, once; a quiet one is not", async () => {
  const db = database.db;
  await changed(sql`insert into stats_grown select g, 'x' from generate_series(1, 500) g`);
  // 40 changes: under the threshold of an empty table (50).
  await changed(sql`insert into stats_quiet select g, 'x' from generate_series(1, 40) g`);
  const analyzed = await analyzeStaleTables(db, { embedded: true });
  expect(analyzed).toContain("stats_grown");
  expect(analyzed).not.toContain("stats_quiet");
  // Analyzed: the statistics know its rows now.
  const [grown] = await rows<{ n: number }>(
    db,
    sql`select reltuples::int as n from pg_class where relname = 'stats_grown'`,
  );
  expect(grown?.n).toBe(500);
  expect(await analyzeStaleTables(db, { embedded: true })).not.toContain("stats_grown");
  // Its 500 rows plus 50: 551 changes make it stale again, 500 do not.
  await changed(sql`update stats_grown set v = 'y' where id <= 500`);
  expect(await analyzeStaleTables(db, { embedded: true })).not.toContain("stats_grown");
  await changed(sql`update stats_grown set v = 'z' where id <= 51`);
  expect(await analyzeStaleTables(db, { embedded: true })).toContain("stats_grown");
  // And the quiet one's 40 were counted: 11 more pass its threshold.
  await changed(sql`insert into stats_quiet select g, 'x' from generate_series(41, 51) g`);
  expect(await analyzeStaleTables(db, { embedded: true })).toContain("stats_quiet");
});

import { expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { openDatabase } from "./client";
import { rows, statement } from "./raw";
import { analyzeStaleTables } from "./statistics";
import { testDatabaseUrl } from "../test/harness/harness";
import { peerTestHarness } from "../test/harness/peer";

// Why stale statistics matter to us (issue 19, session 31): a statement prepared while its table
// was empty keeps a sequential scan as the table grows, until the table is analyzed. Here with the
// app's own built-once statement (statement(): a named prepared statement on postgres.js), on one
// connection, as a server's pool connection runs it. Run with TEST_DATABASE_URL=postgres://...

const pg = peerTestHarness("statistics.pg-test.ts", async (h) => {
  await h.db.execute(
    sql`create table stats_lookups (user_id int not null, round_id text not null, primary key (user_id, round_id))`,
  );
  await h.db.execute(sql`analyze stats_lookups`);
});

const lookup = statement<{ round_id: string }>(
  sql`select round_id from stats_lookups where user_id = ${sql.placeholder("userId")} and round_id = ${sql.placeholder("roundId")}`,
);

/** Rows the table's sequential scans returned in one lookup on `db` (one connection), as PostgreSQL counts them. */
async function rowsScanned(db: Parameters<typeof lookup>[0]): Promise<number> {
  return db.transaction(async (tx) => {
    const read = () =>
      rows<{ n: number }>(tx, sql`select pg_stat_get_xact_tuples_returned('stats_lookups'::regclass)::int as n`);
    const [before] = await read();
    expect(await lookup(tx, { userId: 7, roundId: "r-7" })).toHaveLength(1);
    const [after] = await read();
    return after!.n - before!.n;
  });
}

test("a lookup prepared while its table was empty reads it by index once the upkeep has analyzed it", async () => {
  const single = await openDatabase({ url: testDatabaseUrl(pg.h.database)!, max: 1 });
  try {
    // Prepared and run past PostgreSQL's five custom plans while the table is empty.
    for (let i = 0; i < 8; i++) expect(await lookup(single.db, { userId: 1, roundId: "none" })).toEqual([]);
    // Its counters published as it commits, so the upkeep below sees the change at once.
    await pg.h.db.transaction(async (tx) => {
      await tx.execute(sql`insert into stats_lookups select g % 500, 'r-' || g from generate_series(1, 5000) g`);
      await tx.execute(sql`select pg_stat_force_next_flush()`);
    });
    // The kept plan scans every row to find one.
    expect(await rowsScanned(single.db)).toBeGreaterThanOrEqual(5000);
    expect(await analyzeStaleTables(pg.h.db, { embedded: true })).toContain("stats_lookups");
    // The same prepared statement on the same connection, planned again on what the table holds.
    expect(await rowsScanned(single.db)).toBe(0);
  } finally {
    await single.close();
  }
}, 60_000);

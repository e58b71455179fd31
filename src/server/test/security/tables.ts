import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import * as schema from "../../db/schema/index";

/**
 * Tables a refused request must change by design: rate-limit counters, because a wrong password or
 * a refused sign-up has to count (issue 13 rows 4 and 5). They hold no user data.
 */
const BOOKKEEPING = new Set(["rate_limit_hits"]);

/** Every table of the drizzle schema, by SQL name: a new table is counted without touching this file. */
export const schemaTables: string[] = Object.values(schema)
  .filter((v) => is(v, PgTable))
  .map((t) => getTableName(t as PgTable))
  .filter((name) => !BOOKKEEPING.has(name))
  .sort();

/**
 * Per table: its row count, and the newest row version (max xmin). Counts catch inserts and
 * deletes; xmin moves when any row is inserted or updated, so an UPDATE with the same row count
 * is caught too. One round trip for the whole schema.
 */
export type TableSnapshot = Record<string, { rows: number; version: string }>;

const snapshotQuery = schemaTables
  .map((t) => `select '${t}'::text, count(*)::int, coalesce(max(xmin::text::bigint), 0)::text from "${t}"`)
  .join(" union all ");

// The query lives in a PL/pgSQL function of the test database: its plan is cached, so a snapshot
// costs a fraction of a millisecond instead of planning a 16-way UNION on every case.
const installed = new WeakMap<Db, Promise<unknown>>();
function install(db: Db) {
  let done = installed.get(db);
  if (!done) {
    done = db.execute(
      sql.raw(
        `create or replace function hostile_table_snapshot() returns table(t text, n int, v text) language plpgsql stable as $fn$ begin return query ${snapshotQuery}; end $fn$`,
      ),
    );
    installed.set(db, done);
  }
  return done;
}

export async function countRows(db: Db): Promise<TableSnapshot> {
  await install(db);
  const result = (await db.execute(sql`select t, n, v from hostile_table_snapshot()`)) as unknown as
    | { rows?: { t: string; n: number; v: string }[] }
    | { t: string; n: number; v: string }[];
  const rows = Array.isArray(result) ? result : (result.rows ?? []);
  const out: TableSnapshot = {};
  for (const r of rows) out[r.t] = { rows: Number(r.n), version: String(r.v) };
  return out;
}

/** Human-readable differences between two snapshots ([] when nothing changed). */
export function snapshotDiff(before: TableSnapshot, after: TableSnapshot): string[] {
  const diffs: string[] = [];
  for (const t of schemaTables) {
    const a = before[t];
    const b = after[t];
    if (!a || !b) diffs.push(`${t}: missing from a snapshot`);
    else if (a.rows !== b.rows) diffs.push(`${t}: ${a.rows} -> ${b.rows} rows`);
    else if (a.version !== b.version)
      diffs.push(`${t}: a row was inserted or updated (xmin ${a.version} -> ${b.version})`);
  }
  return diffs;
}

/**
 * The next transaction id the database will hand out. PostgreSQL gives a transaction an id the
 * moment it first writes a row, so while this number stays put nothing can have been inserted,
 * updated or deleted: a cheap first check before a full `countRows` comparison. (On a shared
 * PostgreSQL server other databases' writes move it too; the full comparison then decides.)
 */
export async function nextTransactionId(db: Db): Promise<string> {
  const result = (await db.execute(sql`select pg_snapshot_xmax(pg_current_snapshot())::text as x`)) as unknown as
    | { rows?: { x: string }[] }
    | { x: string }[];
  const rows = Array.isArray(result) ? result : (result.rows ?? []);
  return String(rows[0]?.x);
}

import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import type { Db } from "../db/client";
import * as schema from "../db/schema/index";

/** Every table of the drizzle schema, by SQL name: a new table is counted without touching this file. */
export const schemaTables: string[] = Object.values(schema)
  .filter((v) => is(v, PgTable))
  .map((t) => getTableName(t as PgTable))
  .sort();

/**
 * Per table: its row count, and the newest row version (max xmin). Counts catch inserts and
 * deletes; xmin moves when any row is inserted or updated, so an UPDATE with the same row count
 * is caught too. One round trip for the whole schema.
 */
export type TableSnapshot = Record<string, { rows: number; version: string }>;

const snapshotSql = sql.raw(
  schemaTables
    .map((t) => `select '${t}' as t, count(*)::int as n, coalesce(max(xmin::text::bigint), 0)::text as v from "${t}"`)
    .join(" union all "),
);

export async function countRows(db: Db): Promise<TableSnapshot> {
  const result = (await db.execute(snapshotSql)) as unknown as { rows?: { t: string; n: number; v: string }[] } | { t: string; n: number; v: string }[];
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
    else if (a.version !== b.version) diffs.push(`${t}: a row was inserted or updated (xmin ${a.version} -> ${b.version})`);
  }
  return diffs;
}

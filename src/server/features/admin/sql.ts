import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

// Small pieces the admin queries share.

const ISO_FORMAT = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/** A timestamptz as an ISO string, formatted in SQL so both drivers hand back the same text. */
export const iso = (column: AnyPgColumn): SQL<string> =>
  sql<string>`to_char(${column} at time zone 'UTC', ${sql.raw(ISO_FORMAT)})`;

/** The same for a column that may be null (null stays null). */
export const isoOrNull = (column: AnyPgColumn): SQL<string | null> =>
  sql<string | null>`to_char(${column} at time zone 'UTC', ${sql.raw(ISO_FORMAT)})`;

/** `%text%` for ILIKE, with the pattern characters of the search text taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export const offsetOf = (page: number, pageSize: number) => (page - 1) * pageSize;

/** `now` as a timestamptz parameter, for the hand-written SQL that buckets by day and week. */
export const at = (now: Date) => sql`${now.toISOString()}::timestamptz`;

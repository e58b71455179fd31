import type { SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Db } from "./client";

/** Plain rows from either driver: postgres.js answers with an array, PGlite with `{ rows }`. */
function plainRows<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/**
 * Runs hand-written SQL (window functions, CTEs) and returns plain rows on both drivers. Cast
 * numbers and times in the SQL itself (::int, epoch ms) so both drivers hand back the same
 * JavaScript types.
 */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return plainRows<T>(await db.execute(query));
}

// Both drivers use drizzle's plain PostgreSQL dialect (no casing option): text built with one
// instance is the text either would build.
const dialect = new PgDialect();

/** A statement built once by `statement()`: run it on any handle with its placeholders' values. */
export type Statement<T> = (db: Db, values?: Record<string, unknown>) => Promise<T[]>;

/**
 * Hand-written SQL whose text is built once, with `sql.placeholder("name")` for what changes
 * between runs. Turning drizzle's SQL objects into text costs far more server CPU than the
 * database spends on a small statement (a 23-row notification insert: ~520 us to build, issue
 * 19), and unlike the query builder's `.prepare()` (db/prepared.ts) the result is not tied to
 * one handle: it runs inside any transaction. Same rows as `rows()`. For hot statements only.
 */
export function statement<T>(text: SQL): Statement<T> {
  const query = dialect.sqlToQuery(text);
  // Exactly what db.execute() does with the text, minus building it: no name, no result mapping.
  return async (db, values) =>
    plainRows<T>(await db._.session.prepareQuery(query, undefined, undefined, false).execute(values));
}

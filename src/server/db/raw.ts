import type { SQL } from "drizzle-orm";
import type { Db } from "./client";

/**
 * Runs hand-written SQL (window functions, CTEs) and returns plain rows on both drivers:
 * postgres.js answers with an array, PGlite with `{ rows }`. Cast numbers and times in the SQL
 * itself (::int, epoch ms) so both drivers hand back the same JavaScript types.
 */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown;
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

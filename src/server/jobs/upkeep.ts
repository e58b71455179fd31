import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { rows } from "../db/raw";
import { analyzeStaleTables } from "../db/statistics";
import { logger } from "../lib/logger";

// Each process's database upkeep, on the background pool: the queue's vacuum (below) and, where
// autovacuum does not run, stale planner statistics renewed (db/statistics.ts, ADR 0071).
//
// The queue table churns: every job is inserted, claimed, finished, and swept, so it gathers dead
// row versions fast, and its partial indexes keep pointing at them until a vacuum. (Since
// drizzle/0030 the claim reads in index order and marks those entries dead as it passes them;
// the table itself still bloats.)
// On a database whose autovacuum is off or behind - this machine's PostgreSQL runs with it off - a
// claim measured 7-10 ms with 15k dead rows instead of ~0.5 ms, which made recording a birdie cost
// 37 ms of database CPU instead of 18 (issue 19, session 15). So each process checks the table's
// dead rows now and then and vacuums it when they pile up; where autovacuum keeps up, this finds
// little to do and does nothing. SKIP_LOCKED: a vacuum already running elsewhere is left to finish.

/** Dead rows in the queue table above which a process vacuums it. */
export const DEAD_ROWS_LIMIT = 2_000;
/** How often each process looks. */
export const UPKEEP_EVERY_MS = 30_000;

/** Vacuums (and analyzes) the queue table when it holds more than `limit` dead rows; true when it did. */
export async function vacuumQueueIfBloated(db: Db, limit = DEAD_ROWS_LIMIT): Promise<boolean> {
  const [stats] = await rows<{ dead: number }>(
    db,
    sql`select n_dead_tup::int as dead from pg_stat_user_tables where relid = 'jobs'::regclass`,
  );
  if (!stats || stats.dead <= limit) return false;
  await db.execute(sql`vacuum (analyze, skip_locked) jobs`);
  return true;
}

/**
 * Every `intervalMs` until the returned function is called: vacuums the queue when it is bloated,
 * and analyzes the tables whose statistics are stale where autovacuum does not (db/statistics.ts;
 * `embedded`: PGlite, which runs no autovacuum at all).
 */
export function startUpkeep(db: Db, opts: { embedded?: boolean; intervalMs?: number } = {}): () => void {
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await vacuumQueueIfBloated(db);
      await analyzeStaleTables(db, { embedded: opts.embedded });
    } catch (err) {
      logger.warn("database upkeep failed", { error: String(err) });
    } finally {
      running = false;
    }
  }, opts.intervalMs ?? UPKEEP_EVERY_MS);
  timer.unref?.();
  return () => clearInterval(timer);
}

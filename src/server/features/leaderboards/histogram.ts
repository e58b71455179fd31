import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rows } from "../../db/raw";
import { logger } from "../../lib/logger";

/** How often each server process folds the points histogram's fresh deltas (ADR 0036). */
export const COMPACT_INTERVAL_MS = 10_000;

/**
 * Folds the fresh deltas of period_points into one row per (period, points). Returns the rows
 * folded, or -1 when another process was folding at that moment (it does the same work).
 */
export async function compactPeriodPoints(db: Db): Promise<number> {
  const [row] = await rows<{ n: number }>(db, sql`select compact_period_points() as n`);
  return row?.n ?? 0;
}

/**
 * Folds now and then every `intervalMs` until the returned function is called. Ranks are right
 * whether or not it runs; folding keeps an own-rank read at O(distinct totals).
 */
export function startCompactingPeriodPoints(db: Db, intervalMs = COMPACT_INTERVAL_MS): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      await compactPeriodPoints(db);
    } catch (err) {
      // The next round tries again; a database outage is reported by health, not here.
      logger.warn("points histogram compaction failed", { error: String(err) });
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref?.();
  return () => clearInterval(timer);
}

import { lt } from "drizzle-orm";
import type { Db } from "../db/client";
import { sessions } from "../db/schema/users";
import { sweepJobs } from "../jobs/queue";
import { logger } from "./logger";
import { sweepRateLimits } from "./rate-limit";

/** How often each server process deletes what has expired (every process may; deletes are idempotent). */
export const SWEEP_INTERVAL_MS = 10 * 60_000;

/**
 * Deletes expired sessions, rate-limit counters and finished jobs past their keeping time. An expired session is refused anyway; this
 * keeps the tables from growing with every visitor who never comes back. (The app keeps no other
 * one-time tokens yet; a table of them belongs in this list.) Deleted sessions are announced by
 * the sessions trigger, so any socket still open on one closes everywhere.
 */
export async function sweepExpired(
  db: Db,
  now = new Date(),
): Promise<{ sessions: number; rateLimits: number; jobs: number }> {
  const ended = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id });
  const rateLimits = await sweepRateLimits(db, now);
  const jobs = await sweepJobs(db, now);
  return { sessions: ended.length, rateLimits, jobs };
}

/** Sweeps now and then every `intervalMs` until the returned function is called. */
export function startSweeping(db: Db, intervalMs = SWEEP_INTERVAL_MS): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const swept = await sweepExpired(db);
      if (swept.sessions || swept.rateLimits || swept.jobs) logger.info("swept expired rows", swept);
    } catch (err) {
      // The next round tries again; a database outage is reported by health, not here.
      logger.warn("sweep failed", { error: String(err) });
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(() => void run(), intervalMs);
  timer.unref?.();
  return () => clearInterval(timer);
}

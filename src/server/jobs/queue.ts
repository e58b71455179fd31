import { and, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { jobs } from "../db/schema/jobs";

// The durable job queue (ADR 0032): a table every server process claims from with
// FOR UPDATE SKIP LOCKED (runner.ts). Features enqueue here; the process composition
// (server.ts) registers the handlers.

export type EnqueueOptions = {
  /** Not run before this time (default: now). */
  runAt?: Date;
  /** Unique across the queue's history: a second job with the same key is never enqueued. */
  dedupeKey?: string;
  /** Attempts before the job is marked failed (default 10: about 85 minutes of backoff). */
  maxAttempts?: number;
};

export const DEFAULT_MAX_ATTEMPTS = 10;

/**
 * Adds a job through `db`, which may be a transaction: the job then exists only if that
 * transaction commits, so a mail or a push is never sent for something rolled back ("send after
 * commit"). With a `dedupeKey` already used, nothing is added (exactly-once scheduling).
 * Resolves true when a job was added.
 */
export async function enqueueJob(db: Db, kind: string, payload: unknown, opts: EnqueueOptions = {}): Promise<boolean> {
  if (!kind) throw new Error("a job needs a kind");
  const maxAttempts = opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw new Error("maxAttempts must be a positive integer");
  const added = await db
    .insert(jobs)
    .values({
      kind,
      // Stored as JSON: what goes in is what a handler gets back (no Dates, no class instances).
      payload: JSON.parse(JSON.stringify(payload ?? null)),
      maxAttempts,
      ...(opts.runAt ? { runAt: opts.runAt } : {}),
      ...(opts.dedupeKey ? { dedupeKey: opts.dedupeKey } : {}),
    })
    .onConflictDoNothing({ target: jobs.dedupeKey })
    .returning({ id: jobs.id });
  return added.length > 0;
}

const DAY = 86_400_000;
/** Finished jobs are kept for a while to be looked at; failed ones longer, keyed ones longest. */
export const KEEP_DONE_MS = 7 * DAY;
export const KEEP_FAILED_MS = 30 * DAY;
/**
 * A done job with a dedupe key is its proof of having run: deleting it would let the key be
 * enqueued again. Schedulers only enqueue keys for events within days (challenge dates), so
 * 90 days is far beyond any re-enqueue.
 */
export const KEEP_KEYED_MS = 90 * DAY;

/** Deletes finished jobs past their keeping time (the sweep of lib/sweep.ts calls it). */
export async function sweepJobs(db: Db, now = new Date()): Promise<number> {
  const gone = await db
    .delete(jobs)
    .where(
      or(
        and(
          eq(jobs.status, "done"),
          isNull(jobs.dedupeKey),
          lt(jobs.finishedAt, new Date(now.getTime() - KEEP_DONE_MS)),
        ),
        and(eq(jobs.status, "failed"), lt(jobs.finishedAt, new Date(now.getTime() - KEEP_FAILED_MS))),
        and(
          eq(jobs.status, "done"),
          isNotNull(jobs.dedupeKey),
          lt(jobs.finishedAt, new Date(now.getTime() - KEEP_KEYED_MS)),
        ),
      ),
    )
    .returning({ id: jobs.id });
  return gone.length;
}

/** How many jobs wait (due now / scheduled later), run, and have failed for good: /metrics. */
export async function queueDepth(db: Db): Promise<{ due: number; scheduled: number; running: number; failed: number }> {
  const [row] = await db
    .select({
      due: sql<number>`(select count(*) from ${jobs} where ${jobs.status} = 'pending' and ${jobs.runAt} <= now())::int`,
      scheduled: sql<number>`(select count(*) from ${jobs} where ${jobs.status} = 'pending' and ${jobs.runAt} > now())::int`,
      running: sql<number>`(select count(*) from ${jobs} where ${jobs.status} = 'running')::int`,
      failed: sql<number>`(select count(*) from ${jobs} where ${jobs.status} = 'failed')::int`,
    })
    .from(sql`(select 1) as one`);
  return {
    due: Number(row?.due ?? 0),
    scheduled: Number(row?.scheduled ?? 0),
    running: Number(row?.running ?? 0),
    failed: Number(row?.failed ?? 0),
  };
}

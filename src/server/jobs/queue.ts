import { and, eq, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { statement } from "../db/raw";
import { jobs } from "../db/schema/jobs";
import { wellFormedJson } from "../db/schema/json";

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
  return (await enqueueJobs(db, [{ kind, payload, opts }])) > 0;
}

/** One job to enqueue: what enqueueJob takes, as a value (schedulers plan many, then add them at once). */
export type JobSpec = { kind: string; payload: unknown; opts?: EnqueueOptions };

/** Rows per INSERT: keeps one statement's JSON parameter modest (a process start schedules thousands). */
const ENQUEUE_BATCH = 1000;

// One text for any number of jobs: the rows travel as one JSON parameter. Built once (db/raw.ts):
// drizzle's multi-row insert cost ~300 us of server CPU to build for a single job (issue 19).
const insertJobs = statement<{ id: number }>(sql`
  insert into ${jobs} (kind, payload, max_attempts, run_at, dedupe_key)
  select kind, payload, max_attempts, coalesce(run_at, now()), dedupe_key
    from jsonb_to_recordset(${sql.placeholder("rows")}::jsonb)
      as x(kind text, payload jsonb, max_attempts int, run_at timestamptz, dedupe_key text)
  on conflict (dedupe_key) do nothing
  returning id`);

/**
 * Adds many jobs in a few statements instead of one each (a process start schedules every open
 * challenge's reminders). Same rules as enqueueJob: keys already used, or repeated in the list,
 * add nothing. Resolves with how many jobs were added.
 */
export async function enqueueJobs(db: Db, specs: readonly JobSpec[]): Promise<number> {
  const rows = specs.map(({ kind, payload, opts = {} }) => {
    if (!kind) throw new Error("a job needs a kind");
    const maxAttempts = opts.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
    if (!Number.isInteger(maxAttempts) || maxAttempts < 1) throw new Error("maxAttempts must be a positive integer");
    return {
      kind,
      // Stored as JSON: what goes in is what a handler gets back (no Dates, no class instances),
      // with lone surrogates as U+FFFD (db/schema/json.ts).
      payload: payload ?? null,
      max_attempts: maxAttempts,
      // Absent: the database's now(), as a job enqueued inside a transaction always was.
      run_at: opts.runAt?.toISOString() ?? null,
      dedupe_key: opts.dedupeKey ?? null,
    };
  });
  let added = 0;
  for (let i = 0; i < rows.length; i += ENQUEUE_BATCH) {
    const inserted = await insertJobs(db, { rows: wellFormedJson(rows.slice(i, i + ENQUEUE_BATCH)) });
    added += inserted.length;
  }
  return added;
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

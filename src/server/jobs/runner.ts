import { sql } from "drizzle-orm";
import { Counter, Gauge } from "prom-client";
import { type Statement, statement } from "../db/raw";
import { jobs } from "../db/schema/jobs";
import type { Db } from "../db/client";
import type { AppDeps } from "../deps";
import { logger } from "../lib/logger";
import type { ReadinessCheck } from "../lib/readiness";
import { METRIC_PREFIX } from "../metrics/metrics";
import { queueDepth } from "./queue";

/**
 * Runs one job. Throwing means "try again later" (exponential backoff) until the job's
 * maxAttempts, after which it is marked failed. A job may run again after its process died
 * mid-run (the lease ran out), so handlers must tolerate a repeat of an interrupted run.
 */
// biome-ignore lint/suspicious/noExplicitAny: each kind's handler types its own payload (the contract).
export type JobHandler = (payload: any, ctx: JobContext) => Promise<void>;

export type JobContext = {
  deps: AppDeps;
  attempt: number;
  jobId: number;
  /**
   * Marks the job done inside the handler's own transaction `tx` (ADR 0066), so the job's writes
   * and its completion commit together: a handler whose work is one transaction then runs exactly
   * once, even when its lease ran out and another process claimed it meanwhile (this claim is then
   * no longer current: finishWith throws, the transaction rolls back and the current claim does the
   * work). It also saves the separate UPDATE (a round trip and a commit) the runner makes after a
   * handler that does not call it. Send it with the transaction's last statements (together()),
   * and let the transaction's failure reach the runner: once called, the runner does not finish the
   * job itself, so a handler that swallowed its rollback would leave it to its lease's end.
   */
  finishWith: (tx: Db) => Promise<void>;
};
export type JobHandlers = Record<string, JobHandler>;

export type RunnerOptions = {
  /** How often to look for due jobs when no NOTIFY wakes the runner (ms). */
  pollMs?: number;
  /** Jobs this process runs at once (0: none; start() then does nothing). */
  concurrency?: number;
  /**
   * True while requests wait for a database connection: the runner then keeps at most one job
   * running, so background work never queues ahead of golfers (ADR 0049). One job always may run,
   * so a long busy spell slows the queue down without stopping it.
   */
  busy?: () => boolean;
  /**
   * Kinds nobody waits for (a fair-play refresh): claimed only when no job of another kind is due,
   * so a golfer's notification, push or mail never queues behind them (ADR 0049 addendum).
   */
  background?: readonly string[];
  /** How long a claim lasts: a job still running after it may be claimed by another process. */
  leaseMs?: number;
  /** The wait before attempt `attempt + 1` after attempt `attempt` failed (ms). */
  backoffMs?: (attempt: number) => number;
  /** How long stop() waits for running jobs. */
  stopTimeoutMs?: number;
};

export const DEFAULT_POLL_MS = 1_000;
export const DEFAULT_LEASE_MS = 5 * 60_000;
const MAX_ERROR_CHARS = 2_000;

/**
 * Half the request pool, at least one: with every pool connection free to a job (the old default
 * of 4 on a pool of 4), a burst of jobs made every request wait (ADR 0049).
 */
export function defaultJobConcurrency(poolSize: number): number {
  return Math.max(1, Math.floor(poolSize / 2));
}

/** 10 s, 20 s, 40 s ... capped at an hour, with up to 10% jitter so a burst of failures spreads out. */
export function defaultBackoffMs(attempt: number): number {
  const base = Math.min(10_000 * 2 ** Math.max(0, attempt - 1), 3_600_000);
  return Math.round(base * (1 + Math.random() * 0.1));
}

// A run ends with one of these, built once (db/raw.ts). Only the claim that is still current may
// finish the job: a run that outlived its lease (and was claimed again elsewhere) changes nothing.
const stillCurrent = sql`id = ${sql.placeholder("id")} and status = 'running' and attempts = ${sql.placeholder("attempts")}`;
const finishJob = statement<{ id: number }>(
  sql`update ${jobs} set status = 'done', finished_at = now(), locked_until = null, last_error = null where ${stillCurrent}
      returning id::int as "id"`,
);
const failJob = statement(
  sql`update ${jobs} set status = 'failed', finished_at = now(), locked_until = null, last_error = ${sql.placeholder("error")}
       where ${stillCurrent}`,
);
const retryJob = statement(
  sql`update ${jobs} set status = 'pending', locked_until = null, last_error = ${sql.placeholder("error")},
         run_at = now() + ${sql.placeholder("backoffMs")}::int * interval '1 millisecond'
       where ${stillCurrent}`,
);

type Claimed = { id: number; kind: string; payload: unknown; attempts: number; maxAttempts: number };

const kindArray = (names: readonly string[]) =>
  sql`array[${sql.join(
    names.map((k) => sql`${k}`),
    sql`, `,
  )}]::text[]`;

/**
 * The claim of a runner of `kinds`, `background` among them (ADR 0049), built once per runner
 * (db/raw.ts); its values are the batch size (`limit`) and the lease (`leaseMs`). The claim is a
 * function (drizzle/0030) that reads each class of job in the order it takes them, through the
 * index, and stops when the batch is full: the entries of jobs claimed before are marked dead as
 * it passes them. The one-statement claim before it was a bitmap scan, which never marks them, so
 * every claim re-read every job claimed since the last vacuum (issue 19, session 30). The
 * function's own plan is generic and kept per connection; this statement around it is trivial to
 * plan, so the batch size can be bound (ADR 0049's session 20 addendum was about the planner
 * costing an unknown LIMIT over the table itself). Exported for the tests that count its reads.
 */
export function claimStatement(kinds: readonly string[], background: readonly string[]): Statement<Claimed> {
  return statement<Claimed>(
    sql`select job_id::int as "id", job_kind as "kind", job_payload as "payload", job_attempts as "attempts",
               job_max_attempts as "maxAttempts"
          from claim_jobs(${kindArray(kinds)}, ${kindArray(background)}, ${sql.placeholder("limit")}::int,
                          ${sql.placeholder("leaseMs")}::int)`,
  );
}

/**
 * Claims due jobs and runs them (ADR 0032). Every server process runs one; a job is claimed by
 * one of them only: the claim is an UPDATE of rows selected FOR UPDATE SKIP LOCKED, which marks
 * them running with a lease. Only the kinds this process has handlers for are claimed (during a
 * rolling upgrade an older process leaves a newer kind alone). Times are the database's now(),
 * so clocks of different hosts never disagree about what is due.
 */
export class JobRunner {
  private readonly pollMs: number;
  private readonly concurrency: number;
  private readonly leaseMs: number;
  private readonly backoffMs: (attempt: number) => number;
  private readonly stopTimeoutMs: number;
  private readonly kinds: string[];
  /** The claim with this runner's kinds (claimStatement). */
  private readonly claimJobs: Statement<Claimed>;
  private readonly busy: () => boolean;
  private readonly inFlight = new Set<Promise<void>>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private running = false;
  private ticking = false;
  private tickAgain = false;
  /**
   * Whether a due job may be waiting: set by every outside wake (a NOTIFY on 'jobs', the poll) and
   * by a full claim, cleared when a claim comes back short. A finished job looks for the next one
   * only while it is set: under load an empty claim after each job was a third of the claims (and
   * a planned UPDATE each) per recorded birdie (issue 19).
   */
  private mayHaveDue = true;
  private lastTickOk: number | undefined;
  private startedAt: number | undefined;
  private lastTickError: string | undefined;
  private completed: Counter<"kind"> | undefined;
  /** Claims made by this runner: all, and those that found nothing (read by /metrics at scrape). */
  readonly claimStats = { claims: 0, empty: 0 };
  private attemptFailures: Counter<"kind"> | undefined;
  private givenUp: Counter<"kind"> | undefined;

  constructor(
    private readonly deps: AppDeps,
    private readonly handlers: JobHandlers,
    opts: RunnerOptions = {},
  ) {
    this.pollMs = opts.pollMs ?? DEFAULT_POLL_MS;
    this.concurrency = opts.concurrency ?? 4;
    // Whole milliseconds: the claim binds it as an int.
    this.leaseMs = Math.round(opts.leaseMs ?? DEFAULT_LEASE_MS);
    this.backoffMs = opts.backoffMs ?? defaultBackoffMs;
    this.stopTimeoutMs = opts.stopTimeoutMs ?? 5_000;
    this.kinds = Object.keys(handlers);
    // Background kinds go after every other due job, then oldest first (ADR 0049).
    const background = (opts.background ?? []).filter((k) => this.kinds.includes(k));
    this.claimJobs = claimStatement(this.kinds, background);
    this.busy = opts.busy ?? (() => false);
    if (deps.metrics) this.registerMetrics(deps);
  }

  /** Starts polling (and claims at once). */
  start(): void {
    if (this.running || this.concurrency <= 0) return;
    this.running = true;
    this.startedAt = Date.now();
    this.timer = setInterval(() => this.wake(), this.pollMs);
    this.timer.unref?.();
    this.wake();
  }

  /** Looks for due jobs now (a NOTIFY on 'jobs' arrived, or the poll). */
  wake(): void {
    if (!this.running) return;
    this.mayHaveDue = true;
    void this.tick();
  }

  /** Whether the runner is started and its last look at the queue succeeded recently. */
  isPolling(): boolean {
    if (!this.running) return false;
    // Just started counts as polling for one window: the first look for due jobs competes with the
    // start-up work for the pool, and a process that answers requests is ready (ADR 0032).
    const since = this.lastTickOk ?? this.startedAt ?? 0;
    return Date.now() - since < Math.max(10 * this.pollMs, 10_000);
  }

  /** The readiness part of /api/health/ready (a process that runs no jobs has none). */
  readiness(): ReadinessCheck[] {
    return this.concurrency > 0 ? [{ name: "jobs", ready: () => this.isPolling() }] : [];
  }

  /** Jobs this process may run now: all its slots, or one while requests wait for connections. */
  private slots(): number {
    return this.busy() ? Math.min(1, this.concurrency) : this.concurrency;
  }

  /** Stops claiming, then waits up to stopTimeoutMs for the jobs running here. */
  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    if (!this.inFlight.size) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([
      Promise.allSettled([...this.inFlight]),
      new Promise((resolve) => (timer = setTimeout(resolve, this.stopTimeoutMs))),
    ]);
    clearTimeout(timer);
  }

  /**
   * Claims and runs every due job until none is left, and resolves with how many ran. For tests
   * and tools: a runner that is not started does nothing on its own.
   */
  async runDue(): Promise<number> {
    let ran = 0;
    for (;;) {
      const claimed = await this.claim(this.concurrency);
      if (!claimed.length) return ran;
      ran += claimed.length;
      await Promise.all(claimed.map((job) => this.execute(job)));
    }
  }

  private async tick(): Promise<void> {
    if (this.ticking) {
      this.tickAgain = true;
      return;
    }
    this.ticking = true;
    try {
      do {
        this.tickAgain = false;
        const free = this.slots() - this.inFlight.size;
        if (free <= 0 || !this.running) break;
        // A wake during the claim sets it again (and tickAgain): that one is looked at next.
        this.mayHaveDue = false;
        const claimed = await this.claim(free);
        this.claimStats.claims += 1;
        if (!claimed.length) this.claimStats.empty += 1;
        for (const job of claimed) this.launch(job);
        // A full batch: more may be due.
        if (claimed.length === free) {
          this.tickAgain = true;
          this.mayHaveDue = true;
        }
      } while (this.tickAgain && this.running);
      this.lastTickOk = Date.now();
      this.lastTickError = undefined;
    } catch (err) {
      this.mayHaveDue = true;
      // Said once per outage, not every second; health and readiness report the outage itself.
      const message = String(err);
      if (this.lastTickError !== message) logger.warn("job queue poll failed", { error: message });
      this.lastTickError = message;
    } finally {
      this.ticking = false;
    }
  }

  private launch(job: Claimed) {
    const run = this.execute(job).finally(() => {
      this.inFlight.delete(run);
      // A slot is free: take the next due job without waiting for the poll, if one may be due.
      if (this.mayHaveDue) this.wake();
    });
    this.inFlight.add(run);
  }

  private async claim(limit: number): Promise<Claimed[]> {
    if (!this.kinds.length || limit <= 0) return [];
    return this.claimJobs(this.deps.database.db, { limit: Math.trunc(limit), leaseMs: this.leaseMs });
  }

  private async execute(job: Claimed): Promise<void> {
    const db = this.deps.database.db;
    const current = { id: job.id, attempts: job.attempts };
    try {
      if (job.attempts > job.maxAttempts) {
        // Claimed again after its last attempt's process died: that attempt counts as failed.
        throw new GiveUp("the last attempt did not finish (its process stopped)");
      }
      const handler = this.handlers[job.kind];
      if (!handler) throw new Error(`no handler for ${job.kind}`);
      let finished = false;
      const finishWith = async (tx: Db) => {
        if (!(await finishJob(tx, current)).length) throw new LeaseLost();
        finished = true;
      };
      await handler(job.payload, { deps: this.deps, attempt: job.attempts, jobId: job.id, finishWith });
      if (!finished) await finishJob(db, current);
      this.completed?.inc({ kind: job.kind });
    } catch (err) {
      if (err instanceof LeaseLost) {
        // Not a failure: the job's current claim (elsewhere) does the work this run rolled back.
        logger.warn("job lease lost; its current claim runs it", { jobId: job.id, kind: job.kind });
        return;
      }
      const error = (err instanceof Error ? err.message : String(err)).slice(0, MAX_ERROR_CHARS);
      const last = err instanceof GiveUp || job.attempts >= job.maxAttempts;
      // A retry without backoff is due at once.
      if (!last) this.mayHaveDue = true;
      this.attemptFailures?.inc({ kind: job.kind });
      if (last) this.givenUp?.inc({ kind: job.kind });
      logger.warn(last ? "job failed for good" : "job failed; will retry", {
        jobId: job.id,
        kind: job.kind,
        attempt: job.attempts,
        error,
      });
      try {
        if (last) await failJob(db, { ...current, error });
        else
          await retryJob(db, { ...current, error, backoffMs: Math.max(0, Math.round(this.backoffMs(job.attempts))) });
      } catch (writeErr) {
        // The lease runs out and another claim retries it: delayed, never lost.
        logger.warn("could not record a job failure", { jobId: job.id, error: String(writeErr) });
      }
    }
  }

  private registerMetrics(deps: AppDeps) {
    const registry = deps.metrics!.registry;
    this.completed = new Counter({
      name: `${METRIC_PREFIX}jobs_completed_total`,
      help: "Jobs this process ran to completion, by kind",
      labelNames: ["kind"],
      registers: [registry],
    });
    const claimStats = this.claimStats;
    new Counter({
      name: `${METRIC_PREFIX}jobs_claims_total`,
      help: "Claims this process's runner made, by result: found (one job or more) or empty",
      labelNames: ["result"],
      registers: [registry],
      collect() {
        this.reset();
        this.inc({ result: "found" }, claimStats.claims - claimStats.empty);
        this.inc({ result: "empty" }, claimStats.empty);
      },
    });
    this.attemptFailures = new Counter({
      name: `${METRIC_PREFIX}jobs_attempt_failures_total`,
      help: "Job attempts that failed on this process (retried with backoff or given up), by kind",
      labelNames: ["kind"],
      registers: [registry],
    });
    this.givenUp = new Counter({
      name: `${METRIC_PREFIX}jobs_failed_total`,
      help: "Jobs this process marked failed after their last attempt, by kind",
      labelNames: ["kind"],
      registers: [registry],
    });
    const db = deps.database.db;
    new Gauge({
      name: `${METRIC_PREFIX}jobs_queue_depth`,
      help: "Jobs in the queue (all processes), by state: due (waiting to run), scheduled (later), running, failed (for good)",
      labelNames: ["state"],
      registers: [registry],
      async collect() {
        try {
          const depth = await queueDepth(db);
          for (const [state, value] of Object.entries(depth)) this.set({ state }, value);
        } catch {
          // The database is away: no figure rather than a wrong one.
          this.reset();
        }
      },
    });
  }
}

class GiveUp extends Error {}

/** finishWith found this run's claim no longer current (the lease ran out and the job was claimed again). */
class LeaseLost extends Error {}

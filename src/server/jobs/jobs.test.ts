import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, like, sql } from "drizzle-orm";
import { openDatabase } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { rows } from "../db/raw";
import { jobs } from "../db/schema/jobs";
import { sweepExpired } from "../lib/sweep";
import { Metrics } from "../metrics/metrics";
import { FAIRPLAY_REFRESH_JOB } from "../features/fairplay/jobs";
import { startServer } from "../server";
import { createTestHarness, testEnv, type TestHarness } from "../test/harness/harness";
import { parsePrometheusText, sampleValue } from "../test/harness/prometheus-text";
import { enqueueJob, enqueueJobs, KEEP_DONE_MS, queueDepth } from "./queue";
import { defaultBackoffMs, defaultJobConcurrency, type JobHandler, JobRunner } from "./runner";

// The durable job queue (ADR 0032) on the embedded database: enqueue only on commit, dedupe keys,
// retries with backoff, failure after the last attempt, leases that outlive a dead process,
// NOTIFY wake-up, readiness and metrics. Exactly-once across processes: jobs.pg-test.ts.

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness();
}, 120_000);
afterAll(() => h.close());

let seq = 0;
/** A job kind of its own per test, so tests never claim each other's jobs. */
const kind = (name: string) => `test.${name}.${++seq}`;

const jobsOf = (k: string) => h.db.select().from(jobs).where(eq(jobs.kind, k)).orderBy(jobs.id);

function runner(handlers: Record<string, JobHandler>, opts: ConstructorParameters<typeof JobRunner>[2] = {}) {
  return new JobRunner(h.deps, handlers, opts);
}

describe("enqueueJob", () => {
  test("a job enqueued in a transaction exists only if the transaction commits", async () => {
    const k = kind("tx");
    await h.db
      .transaction(async (tx) => {
        await enqueueJob(tx, k, { n: 1 });
        throw new Error("roll back");
      })
      .catch(() => {});
    expect(await jobsOf(k)).toHaveLength(0);
    await h.db.transaction(async (tx) => {
      await enqueueJob(tx, k, { n: 2 });
    });
    const [job] = await jobsOf(k);
    expect(job).toMatchObject({ kind: k, payload: { n: 2 }, status: "pending", attempts: 0, maxAttempts: 10 });
  });

  test("a dedupe key enqueues once, whatever the number of calls", async () => {
    const k = kind("dedupe");
    const key = `${k}:key`;
    expect(await enqueueJob(h.db, k, { first: true }, { dedupeKey: key })).toBe(true);
    expect(await enqueueJob(h.db, k, { first: false }, { dedupeKey: key })).toBe(false);
    const ran: unknown[] = [];
    await runner({ [k]: async (p) => void ran.push(p) }).runDue();
    // Done jobs keep their key: enqueueing it after the run is still a no-op.
    expect(await enqueueJob(h.db, k, { first: false }, { dedupeKey: key })).toBe(false);
    expect(await runner({ [k]: async (p) => void ran.push(p) }).runDue()).toBe(0);
    expect(ran).toEqual([{ first: true }]);
    expect(await jobsOf(k)).toHaveLength(1);
  });

  test("payloads are stored as JSON; maxAttempts must be positive", async () => {
    const k = kind("json");
    const at = new Date("2026-01-02T03:04:05.000Z");
    await enqueueJob(h.db, k, { at, list: [1, "two"], nested: { ok: true } });
    const [job] = await jobsOf(k);
    expect(job.payload).toEqual({ at: at.toISOString(), list: [1, "two"], nested: { ok: true } });
    await expect(enqueueJob(h.db, k, {}, { maxAttempts: 0 })).rejects.toThrow("maxAttempts");
  });

  test("a lone surrogate in a payload is stored as U+FFFD (jsonb refuses its escape); pairs stay", async () => {
    const k = kind("surrogate");
    await enqueueJob(h.db, k, { subject: "Hi \ud800", "key\udfff": ["\u{1F3CC}\udc00", "\\ud800 typed"] });
    const [job] = await jobsOf(k);
    expect(job.payload).toEqual({ subject: "Hi \uFFFD", "key\uFFFD": ["\u{1F3CC}\uFFFD", "\\ud800 typed"] });
  });

  test("many jobs at once: past one INSERT's batch, keys used before or repeated in the list add nothing", async () => {
    const k = kind("many");
    const later = new Date(Date.now() + 3_600_000);
    expect(await enqueueJob(h.db, k, { n: -1 }, { dedupeKey: `${k}:7` })).toBe(true);
    const specs = Array.from({ length: 2_500 }, (_, n) => ({
      kind: k,
      payload: { n },
      opts: n % 2 === 0 ? { dedupeKey: `${k}:${n % 1_000}`, runAt: later } : {},
    }));
    // Even n: keys repeat every 1,000 (0..998 even: 500 keys, key 7 is odd so never reused here).
    expect(await enqueueJobs(h.db, specs)).toBe(1_250 + 500);
    const stored = await jobsOf(k);
    expect(stored).toHaveLength(1 + 1_250 + 500);
    const keyed = stored.filter((job) => job.dedupeKey !== null && job.dedupeKey !== `${k}:7`);
    // The first of each repeated key wins, with its own run time.
    expect(keyed.map((job) => (job.payload as { n: number }).n).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 500 }, (_, i) => i * 2),
    );
    expect(keyed.every((job) => job.runAt.getTime() === later.getTime())).toBe(true);
    // Unkeyed jobs are due at once.
    expect(stored.filter((job) => job.dedupeKey === null).every((job) => job.runAt.getTime() <= Date.now())).toBe(true);
    // A second pass adds only the unkeyed ones again; a key used before the list counts too.
    expect(await enqueueJobs(h.db, specs)).toBe(1_250);
    expect(await enqueueJobs(h.db, [{ kind: k, payload: {}, opts: { dedupeKey: `${k}:7` } }])).toBe(0);
    await expect(enqueueJobs(h.db, [{ kind: "", payload: {} }])).rejects.toThrow("kind");
  });
});

describe("running jobs", () => {
  test("a due job runs once with its payload and attempt; a future one waits for its time", async () => {
    const k = kind("run");
    const seen: { payload: unknown; attempt: number }[] = [];
    await enqueueJob(h.db, k, { to: "now" });
    await enqueueJob(h.db, k, { to: "later" }, { runAt: new Date(Date.now() + 60_000) });
    const r = runner({ [k]: async (payload, ctx) => void seen.push({ payload, attempt: ctx.attempt }) });
    expect(await r.runDue()).toBe(1);
    expect(await r.runDue()).toBe(0);
    expect(seen).toEqual([{ payload: { to: "now" }, attempt: 1 }]);
    const [done, later] = await jobsOf(k);
    expect(done).toMatchObject({ status: "done", attempts: 1, lockedUntil: null, lastError: null });
    expect(done.finishedAt).toBeInstanceOf(Date);
    expect(later).toMatchObject({ status: "pending", attempts: 0 });
  });

  test("a failed attempt is retried after its backoff, then succeeds", async () => {
    const k = kind("retry");
    let calls = 0;
    const handler: JobHandler = async () => {
      calls += 1;
      if (calls < 3) throw new Error(`flaky ${calls}`);
    };
    const r = runner({ [k]: handler }, { backoffMs: (attempt) => 60_000 * attempt });
    await enqueueJob(h.db, k, {});
    expect(await r.runDue()).toBe(1);
    let [job] = await jobsOf(k);
    expect(job).toMatchObject({ status: "pending", attempts: 1, lastError: "flaky 1" });
    // Backed off by backoffMs(1) = 60 s (database time).
    const [{ waitMs }] = await rows<{ waitMs: number }>(
      h.db,
      sql`select (extract(epoch from run_at - now()) * 1000)::int as "waitMs" from jobs where id = ${job.id}`,
    );
    expect(waitMs).toBeGreaterThan(55_000);
    expect(waitMs).toBeLessThanOrEqual(60_000);
    expect(await r.runDue()).toBe(0);

    // Time passes.
    await h.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, job.id));
    expect(await r.runDue()).toBe(1);
    [job] = await jobsOf(k);
    expect(job).toMatchObject({ status: "pending", attempts: 2, lastError: "flaky 2" });
    const [{ waitMs: second }] = await rows<{ waitMs: number }>(
      h.db,
      sql`select (extract(epoch from run_at - now()) * 1000)::int as "waitMs" from jobs where id = ${job.id}`,
    );
    expect(second).toBeGreaterThan(115_000);

    await h.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, job.id));
    expect(await r.runDue()).toBe(1);
    [job] = await jobsOf(k);
    expect(job).toMatchObject({ status: "done", attempts: 3, lastError: null });
    expect(calls).toBe(3);
  });

  test("the default backoff doubles from 10 s, capped at an hour, with at most 10% jitter", () => {
    for (const [attempt, base] of [
      [1, 10_000],
      [2, 20_000],
      [3, 40_000],
      [9, 2_560_000],
      [12, 3_600_000],
    ] as const) {
      const ms = defaultBackoffMs(attempt);
      expect(ms).toBeGreaterThanOrEqual(base);
      expect(ms).toBeLessThanOrEqual(base * 1.1);
    }
  });

  test("after its last attempt a job is marked failed, counted and never run again", async () => {
    const k = kind("fail");
    let calls = 0;
    const metrics = new Metrics();
    const failing = new JobRunner(
      { ...h.deps, metrics },
      {
        [k]: async () => {
          calls += 1;
          throw new Error("SMTP said no");
        },
      },
      { backoffMs: () => 0 },
    );
    await enqueueJob(h.db, k, {}, { maxAttempts: 3 });
    for (let i = 0; i < 5; i++) await failing.runDue();
    expect(calls).toBe(3);
    const [job] = await jobsOf(k);
    expect(job).toMatchObject({ status: "failed", attempts: 3, lastError: "SMTP said no", lockedUntil: null });
    expect(job.finishedAt).toBeInstanceOf(Date);
    const text = parsePrometheusText(await metrics.text());
    expect(sampleValue(text, "birdie_jobs_attempt_failures_total", { kind: k })).toBe(3);
    expect(sampleValue(text, "birdie_jobs_failed_total", { kind: k })).toBe(1);
  });

  test("kinds without a handler in this process are left for a process that has one", async () => {
    const mine = kind("mine");
    const theirs = kind("theirs");
    await enqueueJob(h.db, theirs, {});
    await enqueueJob(h.db, mine, {});
    expect(await runner({ [mine]: async () => {} }).runDue()).toBe(1);
    expect((await jobsOf(theirs))[0]).toMatchObject({ status: "pending", attempts: 0 });
  });

  test("a job whose process died mid-run is claimed again once its lease runs out", async () => {
    const k = kind("lease");
    await enqueueJob(h.db, k, { n: 1 });
    // The first process claims the job and never finishes (it died).
    let release: () => void = () => {};
    const stuck = runner(
      { [k]: () => new Promise<void>((resolve) => (release = resolve)) },
      { leaseMs: 300, pollMs: 50, stopTimeoutMs: 0 },
    );
    stuck.start();
    for (let i = 0; i < 100 && (await jobsOf(k))[0].status !== "running"; i++) await Bun.sleep(20);
    await stuck.stop();
    expect((await jobsOf(k))[0]).toMatchObject({ status: "running", attempts: 1 });

    const attempts: number[] = [];
    const next = runner({ [k]: async (_p, ctx) => void attempts.push(ctx.attempt) });
    // Within the lease nobody else may take it.
    expect(await next.runDue()).toBe(0);
    await Bun.sleep(400);
    expect(await next.runDue()).toBe(1);
    expect(attempts).toEqual([2]);
    expect((await jobsOf(k))[0]).toMatchObject({ status: "done", attempts: 2 });

    // The first run finishing late changes nothing: its claim is no longer the current one.
    release();
    await Bun.sleep(50);
    expect((await jobsOf(k))[0]).toMatchObject({ status: "done", attempts: 2 });
  });

  test("finishWith: a handler's writes and its job's completion commit together, so a stale claim's writes roll back", async () => {
    const k = kind("finish-with");
    const marks = kind("finish-with-marks");
    await enqueueJob(h.db, k, {});
    /** The handler's work (a job of another kind stands for any write) and the completion, in one transaction. */
    const work =
      (from: string): JobHandler =>
      (_p, ctx) =>
        h.db.transaction(async (tx) => {
          await enqueueJob(tx, marks, { from });
          await ctx.finishWith(tx);
        });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let staleRun: Promise<void> | undefined;
    const stale = runner(
      { [k]: (p, ctx) => (staleRun = gate.then(() => work("stale")(p, ctx))) },
      { leaseMs: 300, pollMs: 50, stopTimeoutMs: 0 },
    );
    stale.start();
    for (let i = 0; i < 100 && (await jobsOf(k))[0].status !== "running"; i++) await Bun.sleep(20);
    await stale.stop();
    await Bun.sleep(400);
    // The lease ran out: another process claims the job and does the work.
    expect(await runner({ [k]: work("current") }).runDue()).toBe(1);
    expect((await jobsOf(k))[0]).toMatchObject({ status: "done", attempts: 2 });
    // The stale run resumes: its claim is no longer current, so finishWith fails and its writes roll back.
    release();
    await expect(staleRun).rejects.toThrow();
    expect((await jobsOf(marks)).map((j) => j.payload)).toEqual([{ from: "current" }]);
    expect((await jobsOf(k))[0]).toMatchObject({ status: "done", attempts: 2 });
  });

  test("finishWith: a transaction that fails after it leaves the job to retry, with nothing written", async () => {
    const k = kind("finish-with-fail");
    const marks = kind("finish-with-fail-marks");
    await enqueueJob(h.db, k, {});
    const failing: JobHandler = async (_p, ctx) => {
      await h.db.transaction(async (tx) => {
        await enqueueJob(tx, marks, { from: "failed" });
        await ctx.finishWith(tx);
        throw new Error("after the finish");
      });
    };
    expect(await runner({ [k]: failing }, { backoffMs: () => 60_000 }).runDue()).toBe(1);
    expect((await jobsOf(k))[0]).toMatchObject({ status: "pending", attempts: 1, lastError: "after the finish" });
    expect(await jobsOf(marks)).toHaveLength(0);
    await h.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.kind, k));
    const ok: JobHandler = async (_p, ctx) => {
      await h.db.transaction(async (tx) => {
        await enqueueJob(tx, marks, { from: "ok" });
        await ctx.finishWith(tx);
      });
    };
    expect(await runner({ [k]: ok }).runDue()).toBe(1);
    expect((await jobsOf(k))[0]).toMatchObject({ status: "done", attempts: 2, lastError: null });
    expect((await jobsOf(marks)).map((j) => j.payload)).toEqual([{ from: "ok" }]);
  });

  test("a job still running at its last attempt's lease end is marked failed, not run again", async () => {
    const k = kind("lease-last");
    await enqueueJob(h.db, k, {}, { maxAttempts: 1 });
    await h.db
      .update(jobs)
      .set({ status: "running", attempts: 1, lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(jobs.kind, k));
    let calls = 0;
    const count = async () => {
      calls += 1;
    };
    expect(await runner({ [k]: count }).runDue()).toBe(1);
    expect(calls).toBe(0);
    expect((await jobsOf(k))[0]).toMatchObject({ status: "failed", attempts: 2 });
  });

  test("jobs enqueued before a restart run after it (the queue is on disk)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "birdie-jobs-"));
    try {
      const first = await openDatabase({ dataDir: dir });
      await migrateDatabase(first);
      await enqueueJob(first.db, "restart.probe", { survived: true });
      await first.close();

      const second = await openDatabase({ dataDir: dir });
      const seen: unknown[] = [];
      const r = new JobRunner(
        { ...h.deps, database: second, metrics: undefined },
        {
          "restart.probe": async (p) => void seen.push(p),
        },
      );
      expect(await r.runDue()).toBe(1);
      expect(seen).toEqual([{ survived: true }]);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  test("the sweep deletes old finished jobs and keeps keyed ones and recent ones", async () => {
    const k = kind("sweep");
    await enqueueJob(h.db, k, { old: true });
    await enqueueJob(h.db, k, { keyed: true }, { dedupeKey: `${k}:keyed` });
    await enqueueJob(h.db, k, { recent: true });
    await runner({ [k]: async () => {} }).runDue();
    const [old, keyed] = await jobsOf(k);
    const longAgo = new Date(Date.now() - KEEP_DONE_MS - 60_000);
    await h.db.update(jobs).set({ finishedAt: longAgo }).where(eq(jobs.id, old.id));
    await h.db.update(jobs).set({ finishedAt: longAgo }).where(eq(jobs.id, keyed.id));
    const swept = await sweepExpired(h.db);
    expect(swept.jobs).toBeGreaterThanOrEqual(1);
    expect((await jobsOf(k)).map((j) => j.payload)).toEqual([{ keyed: true }, { recent: true }]);
  });
});

describe("background kinds go last (ADR 0049 addendum)", () => {
  const ago = (ms: number) => new Date(Date.now() - ms);

  test("a background kind waits while any other kind is due, then runs oldest first", async () => {
    const bg = kind("bg");
    const urgent = kind("urgent");
    const mail = kind("mail");
    // The background jobs are the oldest: without priority they would run first.
    for (const n of [1, 2, 3]) await enqueueJob(h.db, bg, { n }, { runAt: ago(60_000 - n * 1_000) });
    await enqueueJob(h.db, urgent, { n: 4 }, { runAt: ago(10_000) });
    await enqueueJob(h.db, mail, { n: 5 });
    const order: string[] = [];
    const record: (name: string) => JobHandler = (name) => async (p: { n: number }) => void order.push(`${name}${p.n}`);
    const handlers = { [bg]: record("bg"), [urgent]: record("urgent"), [mail]: record("mail") };
    // One slot, so the claims show the order; a kind named background but not handled is ignored.
    const r = runner(handlers, { concurrency: 1, background: [bg, kind("not-handled")] });
    expect(await r.runDue()).toBe(5);
    expect(order).toEqual(["urgent4", "mail5", "bg1", "bg2", "bg3"]);
  });

  test("without background kinds the queue stays oldest first", async () => {
    const bg = kind("fifo-bg");
    const urgent = kind("fifo-urgent");
    await enqueueJob(h.db, bg, { n: 1 }, { runAt: ago(30_000) });
    await enqueueJob(h.db, urgent, { n: 2 }, { runAt: ago(10_000) });
    const order: number[] = [];
    const handler: JobHandler = async (p: { n: number }) => void order.push(p.n);
    expect(await runner({ [bg]: handler, [urgent]: handler }, { concurrency: 1 }).runDue()).toBe(2);
    expect(order).toEqual([1, 2]);
  });

  test("a server process runs fair-play refreshes after a golfer's notification due later", async () => {
    const urgent = kind("server-urgent");
    const order: string[] = [];
    await enqueueJob(h.db, FAIRPLAY_REFRESH_JOB, { userId: -1 }, { runAt: ago(20_000) });
    await enqueueJob(h.db, FAIRPLAY_REFRESH_JOB, { userId: -2 }, { runAt: ago(15_000) });
    await enqueueJob(h.db, urgent, { userId: -3 }, { runAt: ago(1_000) });
    const server = await startServer(testEnv({ PORT: "0", JOB_CONCURRENCY: "1" }), {
      database: { ...h.database, close: async () => {} },
      jobHandlers: {
        [FAIRPLAY_REFRESH_JOB]: async (p: { userId: number }) => void order.push(`refresh${p.userId}`),
        [urgent]: async (p: { userId: number }) => void order.push(`urgent${p.userId}`),
      },
      jobOptions: { pollMs: 20 },
    });
    try {
      for (let i = 0; i < 250 && order.length < 3; i++) await Bun.sleep(20);
      expect(order).toEqual(["urgent-3", "refresh-1", "refresh-2"]);
    } finally {
      await server.stop();
      await h.db.delete(jobs).where(eq(jobs.kind, FAIRPLAY_REFRESH_JOB));
    }
  }, 30_000);
});

describe("jobs yield to requests (ADR 0049)", () => {
  /** Handlers that hold their slot until released, counting how many ran at once. */
  function gate() {
    let running = 0;
    let most = 0;
    let started = 0;
    const waiters: (() => void)[] = [];
    const handler: JobHandler = async () => {
      started += 1;
      running += 1;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => waiters.push(resolve));
      running -= 1;
    };
    return {
      handler,
      stats: () => ({ running, most, started }),
      releaseAll: () => {
        for (const w of waiters.splice(0)) w();
      },
    };
  }

  const until = async (ok: () => boolean) => {
    for (let i = 0; i < 250 && !ok(); i++) await Bun.sleep(20);
  };

  test("while requests wait for a connection one job runs at a time; after, every slot fills", async () => {
    const k = kind("busy");
    const g = gate();
    let busy = true;
    const r = runner({ [k]: g.handler }, { concurrency: 4, pollMs: 20, busy: () => busy });
    await enqueueJobs(
      h.db,
      Array.from({ length: 8 }, (_, n) => ({ kind: k, payload: { n } })),
    );
    r.start();
    try {
      await until(() => g.stats().started >= 1);
      // Several polls later, still one: the busy pool holds the other slots back.
      await Bun.sleep(200);
      expect(g.stats()).toMatchObject({ running: 1, most: 1, started: 1 });
      busy = false;
      await until(() => g.stats().running === 4);
      expect(g.stats().running).toBe(4);
      g.releaseAll();
      await until(() => g.stats().started === 8 && g.stats().running === 4);
      g.releaseAll();
      await until(() => g.stats().running === 0);
      expect(g.stats()).toMatchObject({ most: 4, started: 8 });
    } finally {
      g.releaseAll();
      await r.stop();
    }
  }, 30_000);

  /** `count` numbered jobs of a kind of their own, and a started runner that notes each n it runs. */
  async function numberedJobs(name: string, count: number, opts: ConstructorParameters<typeof JobRunner>[2]) {
    const k = kind(name);
    const ran: number[] = [];
    const r = runner({ [k]: async (p: { n: number }) => void ran.push(p.n) }, opts);
    await enqueueJobs(
      h.db,
      Array.from({ length: count }, (_, n) => ({ kind: k, payload: { n } })),
    );
    r.start();
    return { k, r, ran };
  }

  test("a finished job looks for the next one only when one may be due: no empty claim after each job", async () => {
    // A poll that never comes during the test: only wakes and finished jobs claim. The start's
    // claim fills three of four slots, so nothing more is due.
    const { k, r, ran } = await numberedJobs("after-claim", 3, { concurrency: 4, pollMs: 60_000 });
    try {
      await until(() => ran.length === 3);
      await Bun.sleep(100);
      expect(r.claimStats).toEqual({ claims: 1, empty: 0 });
      // A NOTIFY's wake still finds what comes next.
      await enqueueJob(h.db, k, { n: 3 });
      r.wake();
      await until(() => ran.length === 4);
      await Bun.sleep(100);
      expect(r.claimStats).toEqual({ claims: 2, empty: 0 });
    } finally {
      await r.stop();
    }
  }, 30_000);

  test("a full claim leaves more to find: finished jobs claim the rest without the poll", async () => {
    const { r, ran } = await numberedJobs("full-claim", 7, { concurrency: 2, pollMs: 60_000 });
    try {
      await until(() => ran.length === 7);
      expect(ran.toSorted((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    } finally {
      await r.stop();
    }
  }, 30_000);

  test("the default is half the pool, at least one", () => {
    expect(defaultJobConcurrency(1)).toBe(1);
    expect(defaultJobConcurrency(4)).toBe(2);
    expect(defaultJobConcurrency(5)).toBe(2);
    expect(defaultJobConcurrency(16)).toBe(8);
  });

  test("JOB_CONCURRENCY=0: the process serves requests, runs no job and does not wait on the queue to be ready", async () => {
    const k = kind("off");
    const ran: number[] = [];
    const server = await startServer(testEnv({ PORT: "0", JOB_CONCURRENCY: "0" }), {
      database: { ...h.database, close: async () => {} },
      jobHandlers: { [k]: async (p: { n: number }) => void ran.push(p.n) },
      jobOptions: { pollMs: 20 },
    });
    try {
      await enqueueJob(h.db, k, { n: 1 });
      await Bun.sleep(300);
      expect(ran).toEqual([]);
      expect((await jobsOf(k))[0].status).toBe("pending");
      const ready = await fetch(`${server.url}/api/health/ready`);
      expect(ready.status).toBe(200);
      const body = (await ready.json()) as Record<string, unknown>;
      expect(body.ok).toBe(true);
      expect(body.jobs).toBeUndefined();
    } finally {
      await server.stop();
    }
    // Another process (one that runs jobs) takes it.
    expect(await runner({ [k]: async (p: { n: number }) => void ran.push(p.n) }).runDue()).toBe(1);
    expect(ran).toEqual([1]);
  }, 30_000);
});

describe("the runner in a server process", () => {
  test("runs an enqueued job at once (NOTIFY), reports ready and exposes depth and failures", async () => {
    const k = kind("server");
    const bad = kind("server-bad");
    const ran: number[] = [];
    const TOKEN = "metrics-token-for-jobs-0123456789";
    const server = await startServer(testEnv({ PORT: "0", METRICS_TOKEN: TOKEN }), {
      database: { ...h.database, close: async () => {} },
      jobHandlers: {
        [k]: async (p: { n: number }) => void ran.push(p.n),
        [bad]: async () => {
          throw new Error("always");
        },
      },
      // A minute between polls: only the NOTIFY of the insert can start the job within the test.
      jobOptions: { pollMs: 60_000, backoffMs: () => 3_600_000 },
    });
    try {
      for (let i = 0; i < 100 && !server.jobs.isPolling(); i++) await Bun.sleep(20);
      const ready = await fetch(`${server.url}/api/health/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ ok: true, jobs: "up" });

      const started = Date.now();
      await enqueueJob(h.db, k, { n: 7 });
      await enqueueJob(h.db, bad, {}, { maxAttempts: 1 });
      await enqueueJob(h.db, k, { n: 8 }, { runAt: new Date(Date.now() + 3_600_000) });
      while (ran.length < 1 && Date.now() - started < 5_000) await Bun.sleep(10);
      expect(ran).toEqual([7]);
      expect(Date.now() - started).toBeLessThan(2_000);
      for (let i = 0; i < 100 && (await jobsOf(bad))[0].status !== "failed"; i++) await Bun.sleep(20);

      const before = { ...server.jobs.claimStats };
      const res = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
      const metrics = parsePrometheusText(await res.text());
      const depth = await queueDepth(h.db);
      expect(sampleValue(metrics, "birdie_jobs_queue_depth", { state: "scheduled" })).toBe(depth.scheduled);
      expect(depth.scheduled).toBeGreaterThanOrEqual(1);
      expect(sampleValue(metrics, "birdie_jobs_queue_depth", { state: "failed" })).toBe(depth.failed);
      expect(depth.failed).toBeGreaterThanOrEqual(1);
      expect(sampleValue(metrics, "birdie_jobs_completed_total", { kind: k })).toBe(1);
      expect(sampleValue(metrics, "birdie_jobs_attempt_failures_total", { kind: bad })).toBe(1);
      expect(sampleValue(metrics, "birdie_jobs_failed_total", { kind: bad })).toBe(1);
      // Claims as the runner counted them, read at scrape time (a poll may claim around the scrape).
      const after = { ...server.jobs.claimStats };
      const found = sampleValue(metrics, "birdie_jobs_claims_total", { result: "found" });
      const empty = sampleValue(metrics, "birdie_jobs_claims_total", { result: "empty" });
      expect(found).toBeGreaterThanOrEqual(before.claims - before.empty);
      expect(found).toBeGreaterThan(0);
      expect(found).toBeLessThanOrEqual(after.claims - after.empty);
      expect(empty).toBeGreaterThanOrEqual(before.empty);
      expect(empty).toBeLessThanOrEqual(after.empty);
    } finally {
      await server.stop();
    }
    // Stopped: not polling, so not ready.
    expect(server.jobs.isPolling()).toBe(false);
    await h.db.delete(jobs).where(like(jobs.kind, "test.server%"));
  }, 30_000);
});

import { describe, expect, test } from "bun:test";
import { eq, like, sql, TransactionRollbackError } from "drizzle-orm";
import { type Database, openDatabase } from "../db/client";
import { rows } from "../db/raw";
import { jobs } from "../db/schema/jobs";
import { testDatabaseUrl, testEnv } from "../test/harness/harness";
import { peerTestHarness } from "../test/harness/peer";
import { startServer } from "../server";
import { enqueueJob, enqueueJobs } from "./queue";
import { claimStatement, type JobHandler, JobRunner } from "./runner";

// Exactly once across processes (ADR 0032): two runners, each on its own connection pool as two
// server processes have, claim from one PostgreSQL queue at once. Every job must run exactly once
// (checked in the database, not in memory), and both must have done some of the work.
// Run with TEST_DATABASE_URL=postgres://... (scripts/test-postgres.sh).

const pg = peerTestHarness("jobs.pg-test.ts", (h) =>
  h.db.execute(sql`create table job_runs (job_id bigint not null, runner text not null, attempt int not null)`),
);

/** A handler that records each run through the runner's own pool, after a little work. */
const recording =
  (database: Database, name: string): JobHandler =>
  async (_payload, ctx) => {
    await Bun.sleep(Math.random() * 5);
    await database.db.execute(
      sql`insert into job_runs (job_id, runner, attempt) values (${ctx.jobId}, ${name}, ${ctx.attempt})`,
    );
  };

async function runsOf(kind: string) {
  return rows<{ jobs: number; runs: number; distinct: number; a: number; b: number }>(
    pg.h.db,
    sql`select count(distinct j.id)::int as jobs, count(r.job_id)::int as runs,
          count(distinct r.job_id)::int as distinct,
          count(*) filter (where r.runner = 'a')::int as a, count(*) filter (where r.runner = 'b')::int as b
        from jobs j left join job_runs r on r.job_id = j.id where j.kind = ${kind}`,
  );
}

describe("two processes on one queue", () => {
  test("400 jobs, two polling runners: each job runs exactly once, both runners work", async () => {
    const kind = "pg.once";
    for (let i = 0; i < 400; i += 100) {
      await pg.h.db.transaction(async (tx) => {
        for (let j = i; j < i + 100; j++) await enqueueJob(tx, kind, { n: j });
      });
    }
    const a = new JobRunner(pg.h.deps, { [kind]: recording(pg.h.database, "a") }, { pollMs: 10, concurrency: 4 });
    const b = new JobRunner(
      { ...pg.h.deps, database: pg.peer, metrics: undefined },
      { [kind]: recording(pg.peer, "b") },
      { pollMs: 10, concurrency: 4 },
    );
    a.start();
    b.start();
    const started = Date.now();
    try {
      for (;;) {
        const [left] = await rows<{ n: number }>(
          pg.h.db,
          sql`select count(*)::int as n from jobs where kind = ${kind} and status <> 'done'`,
        );
        if (left.n === 0 || Date.now() - started > 60_000) break;
        await Bun.sleep(50);
      }
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    const [result] = await runsOf(kind);
    expect(result.jobs).toBe(400);
    expect(result.runs).toBe(400);
    expect(result.distinct).toBe(400);
    expect(result.a).toBeGreaterThan(0);
    expect(result.b).toBeGreaterThan(0);
    const attempts = await pg.h.db.select({ attempts: jobs.attempts }).from(jobs).where(eq(jobs.kind, kind));
    expect(attempts.every((j) => j.attempts === 1)).toBe(true);
  }, 90_000);

  test("claims racing head to head (runDue on both at once, 20 rounds) never share a job", async () => {
    const kind = "pg.race";
    const a = new JobRunner(pg.h.deps, { [kind]: recording(pg.h.database, "a") }, { concurrency: 8 });
    const b = new JobRunner(
      { ...pg.h.deps, database: pg.peer, metrics: undefined },
      { [kind]: recording(pg.peer, "b") },
      { concurrency: 8 },
    );
    for (let round = 0; round < 20; round++) {
      await pg.h.db.transaction(async (tx) => {
        for (let j = 0; j < 10; j++) await enqueueJob(tx, kind, { round, j });
      });
      const [ranA, ranB] = await Promise.all([a.runDue(), b.runDue()]);
      expect(ranA + ranB).toBe(10);
    }
    const [result] = await runsOf(kind);
    expect(result).toMatchObject({ jobs: 200, runs: 200, distinct: 200 });
  }, 90_000);

  test("a failing job retried with backoff moves between processes and still ends once", async () => {
    const kind = "pg.retry";
    const flaky =
      (database: Database, name: string): JobHandler =>
      async (payload, ctx) => {
        await recording(database, name)(payload, ctx);
        if (ctx.attempt < 3) throw new Error(`attempt ${ctx.attempt} failed`);
      };
    for (let j = 0; j < 30; j++) await enqueueJob(pg.h.db, kind, { j });
    const opts = { pollMs: 10, concurrency: 4, backoffMs: () => 20 };
    const a = new JobRunner(pg.h.deps, { [kind]: flaky(pg.h.database, "a") }, opts);
    const b = new JobRunner(
      { ...pg.h.deps, database: pg.peer, metrics: undefined },
      { [kind]: flaky(pg.peer, "b") },
      opts,
    );
    a.start();
    b.start();
    const started = Date.now();
    try {
      for (;;) {
        const left = await pg.h.db
          .select({ id: jobs.id })
          .from(jobs)
          .where(sql`${jobs.kind} = ${kind} and ${jobs.status} <> 'done'`);
        if (!left.length || Date.now() - started > 60_000) break;
        await Bun.sleep(50);
      }
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    const [result] = await runsOf(kind);
    // Three attempts each: two failures and the success, none doubled.
    expect(result).toMatchObject({ jobs: 30, runs: 90, distinct: 30 });
    const [dupes] = await rows<{ n: number }>(
      pg.h.db,
      sql`select count(*)::int as n from (select job_id, attempt from job_runs r join jobs j on j.id = r.job_id
            where j.kind = ${kind} group by job_id, attempt having count(*) > 1) d`,
    );
    expect(dupes.n).toBe(0);
    await pg.h.db.delete(jobs).where(like(jobs.kind, "pg.%"));
  }, 90_000);
});

describe("the background pool (ADR 0049)", () => {
  test("a server's jobs run on their own connections, which commit without waiting for the WAL flush", async () => {
    const kind = "pg.background";
    const seen: { sync: string; app: string }[] = [];
    const server = await startServer(
      testEnv({ PORT: "0", DATABASE_URL: testDatabaseUrl(pg.h.database)!, JOB_CONCURRENCY: "2" }),
      {
        jobHandlers: {
          [kind]: async (_payload, { deps }) => {
            const [row] = await rows<{ sync: string; app: string }>(
              deps.database.db,
              sql`select current_setting('synchronous_commit') as sync, current_setting('application_name') as app`,
            );
            seen.push(row);
          },
        },
        jobOptions: { pollMs: 20 },
      },
    );
    try {
      await enqueueJob(pg.h.db, kind, {});
      for (let i = 0; i < 250 && !seen.length; i++) await Bun.sleep(20);
      expect(seen).toEqual([{ sync: "off", app: "birdie-jobs" }]);
      // The requests' own pool keeps synchronous commits.
      const [own] = await rows<{ sync: string }>(
        server.deps.database.db,
        sql`select current_setting('synchronous_commit') as sync`,
      );
      expect(own.sync).toBe("on");
    } finally {
      await server.stop();
    }
    await pg.h.db.delete(jobs).where(like(jobs.kind, "pg.%"));
  }, 60_000);
});

/**
 * A runner of one kind on a one-connection pool of its own: its claims and the look-ups made on
 * `single` afterwards share that connection's prepared statements. `ran` counts the jobs it ran.
 */
async function oneConnectionRunner(kind: string) {
  const single = await openDatabase({ url: testDatabaseUrl(pg.h.database)!, max: 1 });
  const counted = { ran: 0 };
  const runner = new JobRunner(
    { ...pg.h.deps, database: single, metrics: undefined },
    {
      [kind]: async () => {
        counted.ran++;
      },
    },
    { pollMs: 10, concurrency: 1 },
  );
  /** Polls until `n` jobs ran (bounded, ~5 s), then stops the runner. */
  const runUntil = async (n: number) => {
    runner.start();
    for (let i = 0; i < 500 && counted.ran < n; i++) await Bun.sleep(10);
    await runner.stop();
  };
  return { single, runner, counted, runUntil };
}

/** The runner's claim statement among a connection's prepared statements. */
const isClaim = sql`statement like '%from claim_jobs(%'`;

describe("the claim's plan (issue 19)", () => {
  test("a runner's claims stop being planned afresh: PostgreSQL keeps a generic plan after the fifth", async () => {
    const kind = "pg.plan";
    const { single, runner, counted, runUntil } = await oneConnectionRunner(kind);
    try {
      // A queue with a backlog (a busy afternoon), with statistics that know it. Over it the
      // planner costs a claim whose batch size it does not know (LIMIT $n) well above one whose
      // size it does, and so planned every claim afresh.
      await enqueueJobs(
        pg.h.db,
        Array.from({ length: 3000 }, (_, i) => ({ kind, payload: { i } })),
      );
      await pg.h.db.execute(sql`analyze jobs`);
      await runUntil(12);
      expect(counted.ran).toBeGreaterThanOrEqual(12);
      const [plans] = await rows<{ generic: number; custom: number }>(
        single.db,
        sql`select coalesce(sum(generic_plans), 0)::int as generic, coalesce(sum(custom_plans), 0)::int as custom
              from pg_prepared_statements where ${isClaim}`,
      );
      // With the batch size bound as a parameter every claim was a custom plan (generic 0).
      expect(plans.custom).toBeLessThanOrEqual(5);
      expect(plans.generic).toBeGreaterThan(0);
    } finally {
      await runner.stop();
      await single.close();
    }
    await pg.h.db.delete(jobs).where(like(jobs.kind, "pg.%"));
  }, 60_000);
});

/**
 * What one claim of `kind` reads, as PostgreSQL counts it for the transaction: the index entries
 * that scans of the queue's own indexes returned (its primary key's too: the claim updates the
 * jobs it took by key, one entry each), and the rows sequential scans of the queue table read.
 * The claim is the runner's own statement for a runner of `kind` (claimStatement), made on `db`
 * (one connection, so the counts are the claim's), rolled back.
 */
async function rowsAClaimReads(db: Database["db"], kind: string): Promise<number> {
  const counted = async (tx: Database["db"]) => {
    const [n] = await rows<{ read: number }>(
      tx,
      sql`select coalesce(sum(pg_stat_get_xact_tuples_returned(i.indexrelid)), 0)::int
                 + pg_stat_get_xact_tuples_returned('jobs'::regclass)::int as read
            from pg_index i join pg_class c on c.oid = i.indexrelid
           where i.indrelid = 'jobs'::regclass`,
    );
    return n!.read;
  };
  let read = Number.NaN;
  await db
    .transaction(async (tx) => {
      // Counted since the backend last reported its statistics: the difference is the claim's.
      const before = await counted(tx);
      const claimed = await claimStatement([kind], [])(tx, { limit: 1, leaseMs: 30_000 });
      expect(claimed).toHaveLength(1);
      read = (await counted(tx)) - before;
      tx.rollback();
    })
    // drizzle's rollback() unwinds the transaction by throwing; anything else is a failure.
    .catch((err: unknown) => {
      if (!(err instanceof TransactionRollbackError)) throw err;
    });
  return read;
}

/**
 * Runs `body` with one connection of its own (so a claim's plan and counts are that connection's),
 * closes it, then removes the jobs the test enqueued.
 */
async function onOneConnection(body: (single: Database) => Promise<void>): Promise<void> {
  const single = await openDatabase({ url: testDatabaseUrl(pg.h.database)!, max: 1 });
  try {
    await body(single);
  } finally {
    await single.close();
  }
  await pg.h.db.delete(jobs).where(like(jobs.kind, "pg.%"));
}

describe("what a claim reads (issue 19, sessions 29 to 31)", () => {
  test("a claim planned while the queue was empty reads only the job it takes once the table is full", async () => {
    const kind = "pg.planned-empty";
    // Statistics of an empty queue (a fresh database, as bench:load's), and a connection whose
    // claim is planned then: the claim's plan is generic and kept for the connection's life.
    await pg.h.db.delete(jobs);
    await pg.h.db.execute(sql`vacuum (analyze) jobs`);
    await onOneConnection(async (single) => {
      expect(await claimStatement([kind], [])(single.db, { limit: 1, leaseMs: 30_000 })).toEqual([]);
      // A busy spell later: 5,000 finished jobs not yet purged, and one due.
      await pg.h.db.execute(
        sql`insert into jobs (kind, payload, status, finished_at)
            select ${kind}, '{}'::jsonb, 'done', now() from generate_series(1, 5000)`,
      );
      await enqueueJobs(pg.h.db, [{ kind, payload: { due: 1 } }]);
      // Written `id in (select id from picked)`, the claim's update walked the whole primary key
      // (5,000 entries and more) to find the one job it had picked (drizzle/0031).
      expect(await rowsAClaimReads(single.db, kind)).toBeLessThan(100);
    });
  }, 60_000);

  test("jobs scheduled for later are never read by a claim, whatever the statistics say", async () => {
    const kind = "pg.later";
    await onOneConnection(async (single) => {
      // Statistics from before the reminders were scheduled (autovacuum off or behind, as on this
      // machine): they know no job of this kind, so a kind-first index looked selective to the
      // planner, and through it a claim read every pending job of its kinds, later ones included.
      // The vacuum clears the entries earlier tests left, so what is read below is this test's.
      await pg.h.db.execute(sql`vacuum (analyze) jobs`);
      const tomorrow = new Date(Date.now() + 86_400_000);
      await enqueueJobs(
        pg.h.db,
        Array.from({ length: 3000 }, (_, i) => ({ kind, payload: { i }, opts: { runAt: tomorrow } })),
      );
      await enqueueJobs(pg.h.db, [{ kind, payload: { due: 1 } }]);
      // Through the kind-first index of drizzle/0024 it was 3,001.
      expect(await rowsAClaimReads(single.db, kind)).toBeLessThan(100);
    });
  }, 60_000);

  test("a claim does not read again the jobs claimed before it, vacuum or not", async () => {
    const kind = "pg.claimed";
    const { single, runner, counted } = await oneConnectionRunner(kind);
    try {
      await pg.h.db.execute(sql`vacuum (analyze) jobs`);
      // A busy spell: 2,000 jobs due at once, worked off one claim at a time with no vacuum in
      // between (the upkeep vacuums only past 2,000 dead rows, every 30 s).
      await enqueueJobs(
        pg.h.db,
        Array.from({ length: 2000 }, (_, i) => ({ kind, payload: { i } })),
      );
      expect(await runner.runDue()).toBe(2000);
      expect(counted.ran).toBe(2000);
      await enqueueJobs(pg.h.db, [{ kind, payload: { next: 1 } }]);
      // The claim before drizzle/0030 read 2,001: a bitmap scan, which never marks an entry dead,
      // returns every job claimed since the last vacuum (and a sequential scan reads them all).
      expect(await rowsAClaimReads(single.db, kind)).toBeLessThan(100);
    } finally {
      await runner.stop();
      await single.close();
    }
    await pg.h.db.delete(jobs).where(like(jobs.kind, "pg.%"));
  }, 60_000);
});

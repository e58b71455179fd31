import { describe, expect, test } from "bun:test";
import { and, eq, sql } from "drizzle-orm";
import { rows } from "../../db/raw";
import { birdieRecords } from "../../db/schema/birdies";
import { fairplayFlags } from "../../db/schema/fairplay";
import { jobs } from "../../db/schema/jobs";
import { JobRunner } from "../../jobs/runner";
import { createChallenge, join } from "../../test/harness/challenge-fixtures";
import { signUp } from "../../test/harness/harness";
import { peerTestHarness } from "../../test/harness/peer";
import { firstCourseId, recordRow } from "../../test/harness/record-fixtures";
import { FAIRPLAY_REFRESH_JOB, fairplayJobs } from "./jobs";

// One pending fair-play refresh per golfer (drizzle/0025): a change locks the golfer's pending
// refresh until it commits instead of queueing one of its own. What must hold with two
// connections, as two server processes have: the runner cannot start that refresh while the change
// is uncommitted (it would miss it), and runs it once the change is committed.
// Run with TEST_DATABASE_URL=postgres://... (scripts/test-postgres.sh).

const pg = peerTestHarness("refresh-queue.pg-test.ts");

const pendingRefreshes = (userId: number) =>
  rows<{ id: number }>(
    pg.h.db,
    sql`select id::int as id from jobs where kind = ${FAIRPLAY_REFRESH_JOB} and status = 'pending'
          and payload->>'userId' = ${String(userId)} order by id`,
  );

describe("a change holds the golfer's pending refresh until it commits", () => {
  test("the runner skips it while the change is open, then runs it once and finds the change", async () => {
    const { h, peer } = pg;
    const creator = await signUp(h);
    const challenge = await createChallenge(creator.client, { allowMultipleBirdies: true });
    const g = await signUp(h);
    await join(g.client, challenge.inviteCode);
    const courseId = await firstCourseId(h.db, challenge.id);
    const record = (hole: number) => recordRow({ userId: g.user.id, challengeId: challenge.id, courseId, hole });

    // A first record: the golfer's refresh is pending (not run yet).
    await h.db.insert(birdieRecords).values(record(1));
    const [pending] = await pendingRefreshes(g.user.id);
    expect(pending).toBeDefined();

    // Five more in the same round on another connection, left uncommitted: six in a round flags.
    let commit!: () => void;
    const held = new Promise<void>((resolve) => (commit = resolve));
    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    const change = peer.db.transaction(async (tx) => {
      await tx.insert(birdieRecords).values([2, 3, 4, 5, 6].map(record));
      inserted();
      await held;
    });
    await insertedYet;

    // The open change neither queued a refresh of its own nor let the pending one start.
    const runner = new JobRunner(h.deps, fairplayJobs);
    expect(await runner.runDue()).toBe(0);
    expect((await pendingRefreshes(g.user.id)).map((j) => j.id)).toEqual([pending!.id]);

    commit();
    await change;
    expect(await runner.runDue()).toBe(1);
    const [job] = await h.db.select().from(jobs).where(eq(jobs.id, pending!.id));
    expect(job?.status).toBe("done");
    const flags = await h.db
      .select()
      .from(fairplayFlags)
      .where(and(eq(fairplayFlags.userId, g.user.id), eq(fairplayFlags.rule, "round_birdies")));
    expect(flags.map((f) => f.recordIds.length)).toEqual([6]);
  });
});

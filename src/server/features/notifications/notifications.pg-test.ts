import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { rows } from "../../db/raw";
import { challengePlayers, challenges } from "../../db/schema/challenges";
import { createChallenge, join } from "../../test/harness/challenge-fixtures";
import { createTestHarness, signUp, testDatabaseUrl, type TestHarness } from "../../test/harness/harness";
import { type Instance, startChildInstance } from "../../test/harness/instances";

// Scheduled reminders fire exactly once with two server processes on one PostgreSQL database and
// across a restart (docs/product/rules.md#notifications, ADR 0032/0033). Two real OS processes
// (src/server/index.ts) each run the job queue and, at start, schedule every challenge's
// reminders; the dedupe keys of jobs and notifications must leave one of each per golfer.
// Run with TEST_DATABASE_URL=postgres://... (scripts/test-postgres.sh).

let h: TestHarness;
let url: string;
const instances: Instance[] = [];
beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) throw new Error("notifications.pg-test.ts needs TEST_DATABASE_URL");
  h = await createTestHarness();
  url = testDatabaseUrl(h.database)!;
}, 120_000);
afterAll(async () => {
  await Promise.all(instances.map((i) => i.stop().catch(() => {})));
  await h?.close();
});

const SECOND = 1000;
const DAY = 86_400_000;

type Count = { challenge_id: number; type: string; user_id: number; n: number };
async function notificationCounts(challengeIds: number[]): Promise<Count[]> {
  return rows<Count>(
    h.db,
    sql`select (regexp_match(url, '[0-9]+$'))[1]::int as challenge_id, type, user_id, count(*)::int as n
        from notifications
        where type in ('challenge_starts', 'challenge_ends_soon', 'challenge_ended')
          and (regexp_match(url, '[0-9]+$'))[1]::int in (${sql.join(
            challengeIds.map((id) => sql`${id}`),
            sql`, `,
          )})
        group by 1, 2, 3 order by 1, 2, 3`,
  );
}

describe("reminders with two server processes", () => {
  test("ended and starts-tomorrow reach each golfer exactly once, also after a restart", async () => {
    const [ann, bob, cy] = [await signUp(h), await signUp(h), await signUp(h)];
    const now = Date.now();
    // Ends in a few seconds: its "ended" reminder is due while both processes run.
    const ending = await createChallenge(ann.client, {
      name: "Ending Cup",
      startDate: new Date(now - DAY).toISOString(),
      endDate: new Date(now + 6 * SECOND).toISOString(),
    });
    // Starts in a day and a few seconds: "starts tomorrow" is due in a few seconds.
    const starting = await createChallenge(bob.client, {
      name: "Starting Cup",
      startDate: new Date(now + DAY + 7 * SECOND).toISOString(),
      endDate: new Date(now + 10 * DAY).toISOString(),
    });
    await join(bob.client, ending.inviteCode);
    await join(cy.client, ending.inviteCode);
    await join(cy.client, starting.inviteCode);
    // A challenge written without any reminder (as before this release): the processes schedule
    // its reminders at start, both of them, at the same moment.
    const [legacy] = await h.db
      .insert(challenges)
      .values({
        name: "Legacy Cup",
        startDate: new Date(now - 2 * DAY),
        endDate: new Date(now + 8 * SECOND),
        creatorId: ann.user.id,
        inviteCode: `legacy-${now}`,
        invitePin: String(now).slice(-8),
      })
      .returning();
    await h.db.insert(challengePlayers).values([
      { challengeId: legacy.id, userId: ann.user.id },
      { challengeId: legacy.id, userId: bob.user.id },
    ]);

    const started = await Promise.all([startChildInstance(url), startChildInstance(url)]);
    instances.push(...started);
    const ids = [ending.id, starting.id, legacy.id];
    const expected = [
      ...[ann, bob, cy].map((g) => ({ challenge_id: ending.id, type: "challenge_ended", user_id: g.user.id, n: 1 })),
      ...[bob, cy].map((g) => ({ challenge_id: starting.id, type: "challenge_starts", user_id: g.user.id, n: 1 })),
      ...[ann, bob].map((g) => ({ challenge_id: legacy.id, type: "challenge_ended", user_id: g.user.id, n: 1 })),
    ].sort((a, b) => a.challenge_id - b.challenge_id || a.type.localeCompare(b.type) || a.user_id - b.user_id);

    const deadline = Date.now() + 30 * SECOND;
    let counts: Count[] = [];
    while (Date.now() < deadline) {
      counts = await notificationCounts(ids);
      if (counts.length >= expected.length) break;
      await Bun.sleep(250);
    }
    expect(counts).toEqual(expected);

    // A restart of one process schedules everything again: nothing new is told.
    await instances[0].stop();
    instances[0] = await startChildInstance(url);
    await Bun.sleep(3 * SECOND);
    expect(await notificationCounts(ids)).toEqual(expected);
    // One job per reminder key, each run once.
    const reminderJobs = await rows<{ key: string; attempts: number; status: string }>(
      h.db,
      sql`select dedupe_key as key, attempts, status from jobs
          where kind = 'notifications.challenge-schedule' and (payload->>'challengeId')::int in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )}) and status = 'done'`,
    );
    expect(reminderJobs.map((j) => j.key).sort()).toEqual(
      [
        `challenge:${ending.id}:ended:${new Date(ending.endDate).toISOString()}`,
        `challenge:${starting.id}:starts:${new Date(starting.startDate).toISOString()}`,
        `challenge:${legacy.id}:ended:${legacy.endDate.toISOString()}`,
      ].sort(),
    );
    expect(reminderJobs.every((j) => j.attempts === 1)).toBe(true);
  }, 120_000);
});

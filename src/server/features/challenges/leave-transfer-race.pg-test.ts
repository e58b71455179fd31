import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq, sql } from "drizzle-orm";
import { rows } from "../../db/raw";
import { birdieRecords } from "../../db/schema/birdies";
import { challengePlayers, challenges } from "../../db/schema/challenges";
import { chatMessages } from "../../db/schema/chat";
import type { UserRow } from "../../db/schema/users";
import { AppError } from "../../lib/errors";
import { createTestHarness, signUp, type TestHarness } from "../../test/harness/harness";
import { recordRoundSchema } from "../../../shared/schemas/birdies";
import { createChallengeSchema } from "../../../shared/schemas/challenges";
import { recordRound } from "../birdies/recording";
import { addPlayer } from "./access";
import { createChallenge, leaveChallenge, removePlayer, transferChallenge } from "./commands";

// Leaving and handing over against what can run at the same moment (docs/product/rules.md#leaving-and-handing-over):
// a player leaves while their round is being recorded; a creator hands the challenge to a member
// whom a removal (or the member's own leave) is taking out. Only PostgreSQL runs the two
// transactions really at once (PGlite has one connection), so this is a *.pg-test.ts file:
//   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres bun test --timeout 300000 ./src/server/features/challenges/leave-transfer-race.pg-test.ts

if (!process.env.TEST_DATABASE_URL) throw new Error("leave-transfer-race.pg-test.ts needs TEST_DATABASE_URL");

const RACES = 30;
const DAY = 86_400_000;
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);
const partner = { name: "Pat Partner", signature: "P. Partner" };
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const settle = <T>(p: Promise<T>) =>
  p.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
const kindOf = (error: unknown) => (error instanceof AppError ? error.kind : String(error));

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness();
}, 120_000);
afterAll(() => h.close());

async function newChallenge(creator: UserRow) {
  return createChallenge(
    h.as(creator),
    createChallengeSchema.parse({
      name: "Race Cup",
      startDate: new Date(Date.now() - 5 * DAY).toISOString(),
      endDate: new Date(Date.now() + 20 * DAY).toISOString(),
      courseName: `Race Links ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
    }),
  );
}

describe("leaving while a round is recorded (PostgreSQL)", () => {
  test(`${RACES} races: whichever commits first, the leaver keeps no records and no points`, async () => {
    const creator = await signUp(h);
    const player = await signUp(h);
    const challenge = await newChallenge(creator.user);
    const problems: string[] = [];
    const outcomes = { recordedFirst: 0, refused: 0 };
    for (let race = 0; race < RACES; race++) {
      expect(await addPlayer(h.db, challenge.id, player.user.id)).toBe(true);
      const [roundDelay, leaveDelay] = race % 2 ? [race % 5, 0] : [0, race % 3];
      const round = settle(
        pause(roundDelay).then(() =>
          recordRound(
            h.as(player.user),
            recordRoundSchema.parse({
              challengeId: challenge.id,
              date: day(-1),
              holes: [
                { holeNumber: 5, score: 3 },
                { holeNumber: 6, score: 2 },
              ],
              verifiedBy: partner,
            }),
          ),
        ),
      );
      const leave = settle(pause(leaveDelay).then(() => leaveChallenge(h.as(player.user), { id: challenge.id })));
      const [r, l] = await Promise.all([round, leave]);
      if (!l.ok) problems.push(`race ${race}: leave failed with ${kindOf(l.error)}`);
      if (r.ok) outcomes.recordedFirst++;
      else if (kindOf(r.error) === "NOT_FOUND") outcomes.refused++;
      else problems.push(`race ${race}: round failed with ${kindOf(r.error)}`);
      const left = await h.db
        .select({ id: birdieRecords.id })
        .from(birdieRecords)
        .where(and(eq(birdieRecords.userId, player.user.id), eq(birdieRecords.challengeId, challenge.id)));
      if (left.length) {
        problems.push(`race ${race}: ${left.length} records survived the leave`);
        await h.db.delete(birdieRecords).where(eq(birdieRecords.userId, player.user.id));
      }
    }
    expect(problems).toEqual([]);
    expect(outcomes.recordedFirst + outcomes.refused).toBe(RACES);
    const [allTime] = await rows<{ points: number }>(
      h.db,
      sql`select coalesce(sum(points), 0)::int as points from user_period_stats where user_id = ${player.user.id}`,
    );
    expect(allTime.points).toBe(0);
    // One chat line per leave (the chat list pages, so the table is read directly).
    const lines = await h.db.select().from(chatMessages).where(eq(chatMessages.challengeId, challenge.id));
    expect(lines.filter((m) => m.message.endsWith("left the challenge"))).toHaveLength(RACES);
  }, 300_000);
});

describe("handing over while the new creator is taken out (PostgreSQL)", () => {
  async function creatorIsMember(challengeId: number) {
    const [row] = await h.db
      .select({ member: challengePlayers.userId })
      .from(challenges)
      .leftJoin(
        challengePlayers,
        and(eq(challengePlayers.challengeId, challenges.id), eq(challengePlayers.userId, challenges.creatorId)),
      )
      .where(eq(challenges.id, challengeId));
    return row.member !== null;
  }

  test(`${RACES} races of transfer against removal: exactly one wins, the creator is always a member`, async () => {
    const problems: string[] = [];
    const wins = { transfer: 0, removal: 0 };
    for (let race = 0; race < RACES; race++) {
      const creator = await signUp(h);
      const target = await signUp(h);
      const challenge = await newChallenge(creator.user);
      await addPlayer(h.db, challenge.id, target.user.id);
      const [transferDelay, removalDelay] = race % 2 ? [race % 4, 0] : [0, race % 3];
      const [t, r] = await Promise.all([
        settle(
          pause(transferDelay).then(() =>
            transferChallenge(h.as(creator.user), { id: challenge.id, userId: target.user.id }),
          ),
        ),
        settle(
          pause(removalDelay).then(() =>
            removePlayer(h.as(creator.user), { id: challenge.id, userId: target.user.id }),
          ),
        ),
      ]);
      if (t.ok && !r.ok && kindOf(r.error) === "FORBIDDEN") wins.transfer++;
      else if (r.ok && !t.ok && kindOf(t.error) === "BAD_REQUEST") wins.removal++;
      else
        problems.push(
          `race ${race}: transfer ${t.ok ? "ok" : kindOf(t.error)}, removal ${r.ok ? "ok" : kindOf(r.error)}`,
        );
      if (!(await creatorIsMember(challenge.id))) problems.push(`race ${race}: the creator is not a member`);
    }
    expect(problems).toEqual([]);
    expect(wins.transfer + wins.removal).toBe(RACES);
  }, 300_000);

  test(`${RACES} races of transfer against the target leaving: exactly one wins`, async () => {
    const problems: string[] = [];
    for (let race = 0; race < RACES; race++) {
      const creator = await signUp(h);
      const target = await signUp(h);
      const challenge = await newChallenge(creator.user);
      await addPlayer(h.db, challenge.id, target.user.id);
      const [t, l] = await Promise.all([
        settle(
          pause(race % 3).then(() =>
            transferChallenge(h.as(creator.user), { id: challenge.id, userId: target.user.id }),
          ),
        ),
        settle(pause(race % 2).then(() => leaveChallenge(h.as(target.user), { id: challenge.id }))),
      ]);
      const transferWon = t.ok && !l.ok && kindOf(l.error) === "FORBIDDEN";
      const leaveWon = l.ok && !t.ok && kindOf(t.error) === "BAD_REQUEST";
      if (!transferWon && !leaveWon)
        problems.push(
          `race ${race}: transfer ${t.ok ? "ok" : kindOf(t.error)}, leave ${l.ok ? "ok" : kindOf(l.error)}`,
        );
      if (!(await creatorIsMember(challenge.id))) problems.push(`race ${race}: the creator is not a member`);
    }
    expect(problems).toEqual([]);
  }, 300_000);
});

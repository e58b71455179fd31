import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq, inArray } from "drizzle-orm";
import { birdieRecords } from "../../db/schema/birdies";
import { createTestHarness, signUp, type TestHarness } from "../../test/harness/harness";
import { createChallengeSchema } from "../../../shared/schemas/challenges";
import { addPlayer } from "../challenges/access";
import { createChallenge } from "../challenges/commands";
import { ROUND_ID_USED } from "./recording";

// One clientRoundId sent to two challenges (issue 13 row 12). A device's round id names one round
// in one challenge: a resend to the same challenge answers the first result (birdies.test.ts), the
// same id for another challenge is refused with a 409 and records nothing, whether the two
// requests arrive one after the other or at the same moment (before the fix the concurrent pair
// on PostgreSQL ended in a primary-key 500, and the sequential one answered the other challenge's
// result as if this one had been recorded).

const RACES = 15;
const DAY = 86_400_000;
const today = () => new Date().toISOString().slice(0, 10);
const partner = { name: "Pat Partner", signature: "P. Partner" };

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness();
}, 120_000);
afterAll(() => h.close());

async function playerInTwoChallenges() {
  const player = await signUp(h);
  const make = (n: number) =>
    createChallenge(
      h.as(player.user),
      createChallengeSchema.parse({
        name: `Round id ${n} ${Date.now().toString(36)}`,
        startDate: new Date(Date.now() - 5 * DAY).toISOString(),
        endDate: new Date(Date.now() + 20 * DAY).toISOString(),
        courseName: `Round Id Links ${n} ${Math.random().toString(36).slice(2, 8)}`,
      }),
    );
  return { player, a: await make(1), b: await make(2) };
}

const round = (challengeId: number, clientRoundId: string) => ({
  challengeId,
  date: today(),
  holes: [{ holeNumber: 4, score: 3 }],
  verifiedBy: partner,
  clientRoundId,
});

const outcome = (p: Promise<unknown>) =>
  p.then(
    () => "ok",
    (err: { code?: string; message?: string }) => `${err.code}: ${err.message}`,
  );

describe("one clientRoundId, two challenges", () => {
  test("sent one after the other: the second is a 409 and records nothing", async () => {
    const { player, a, b } = await playerInTwoChallenges();
    const id = `round-${Date.now().toString(36)}-seq`;
    await h.caller(player.user).birdies.recordRound(round(a.id, id));
    expect(await outcome(h.caller(player.user).birdies.recordRound(round(b.id, id)))).toBe(
      `CONFLICT: ${ROUND_ID_USED}`,
    );
    expect(await h.db.select().from(birdieRecords).where(eq(birdieRecords.challengeId, b.id))).toHaveLength(0);
    // The same challenge still answers the first result.
    const again = await h.caller(player.user).birdies.recordRound(round(a.id, id));
    expect(again.records.map((r) => r.challengeId)).toEqual([a.id]);
  });

  test(`sent at the same moment (${RACES} times): one is recorded, the other a 409, never a 500`, async () => {
    const { player, a, b } = await playerInTwoChallenges();
    const seen: string[][] = [];
    for (let race = 0; race < RACES; race++) {
      const id = `round-${Date.now().toString(36)}-${race}`;
      const results = await Promise.all([
        outcome(
          h
            .caller(player.user)
            .birdies.recordRound({ ...round(a.id, id), holes: [{ holeNumber: race + 1, score: 3 }] }),
        ),
        outcome(
          h
            .caller(player.user)
            .birdies.recordRound({ ...round(b.id, id), holes: [{ holeNumber: race + 1, score: 3 }] }),
        ),
      ]);
      seen.push(results.sort());
    }
    expect(seen).toEqual(seen.map(() => [`CONFLICT: ${ROUND_ID_USED}`, "ok"]));
    // One record per race, in one of the two challenges.
    const rows = await h.db
      .select({ hole: birdieRecords.holeNumber })
      .from(birdieRecords)
      .where(inArray(birdieRecords.challengeId, [a.id, b.id]));
    expect(rows.map((r) => r.hole).sort((x, y) => x - y)).toEqual(Array.from({ length: RACES }, (_, i) => i + 1));
  }, 120_000);

  test("over HTTP (/trpc): 409 with the message, for a member of both challenges", async () => {
    const { player, a, b } = await playerInTwoChallenges();
    const other = await signUp(h);
    await addPlayer(h.db, a.id, other.user.id);
    await addPlayer(h.db, b.id, other.user.id);
    const id = `round-${Date.now().toString(36)}-http`;
    const first = await other.client.post("/trpc/birdies.recordRound", round(a.id, id));
    expect(first.status).toBe(200);
    const second = await other.client.post("/trpc/birdies.recordRound", round(b.id, id));
    expect(second.status).toBe(409);
    expect(second.json.error.message).toBe(ROUND_ID_USED);
    // Round ids are per user: another golfer's identical id is their own round.
    expect((await player.client.post("/trpc/birdies.recordRound", round(b.id, id))).status).toBe(200);
  });
});

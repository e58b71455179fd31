import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestHarness, signUp, type TestHarness } from "../../test/harness/harness";
import { createChallengeSchema } from "../../../shared/schemas/challenges";
import { createChallenge } from "../challenges/commands";

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness();
}, 120_000);
afterAll(() => h.close());

const DAY = 86400_000;

describe("system messages written by other features", () => {
  test("join, record (birdie, eagle, achievements) and removal appear in the room", async () => {
    const owner = await signUp(h, { displayName: "Olive Owner" });
    const friend = await signUp(h, { displayName: "Fred Friend" });
    const challenge = await createChallenge(
      h.as(owner.user),
      createChallengeSchema.parse({
        name: "Chatty Challenge",
        startDate: new Date(Date.now() - 3 * DAY).toISOString(),
        endDate: new Date(Date.now() + 30 * DAY).toISOString(),
        courseName: `Chat Course ${Math.random().toString(36).slice(2, 7)}`,
      }),
    );
    const join = await friend.client.post(`/api/challenges/invite/${challenge.inviteCode}/join`);
    expect(join.status).toBe(200);
    await h.caller(friend.user).birdies.recordRound({
      challengeId: challenge.id,
      date: new Date().toISOString().slice(0, 10),
      holes: [
        { holeNumber: 4, score: 3 },
        { holeNumber: 5, score: 2 },
      ],
      verifiedBy: { name: "Olive", signature: "olive" },
    });
    await owner.client.delete(`/api/challenges/${challenge.id}/players/${friend.user.id}`);

    const page = await h.caller(owner.user).chat.list({ challengeId: challenge.id });
    const texts = page.messages.filter((m) => m.type === "system").map((m) => m.message);
    expect(texts).toContain("Fred Friend joined the challenge");
    // One line for the round, one for everything it earned (ADR 0028).
    expect(texts).toContain("Fred Friend recorded a birdie and an eagle: holes 4, 5");
    const earned = texts.filter((t) => t.startsWith("Fred Friend earned "));
    expect(earned).toHaveLength(1);
    expect(earned[0]).toContain("First Birdie");
    expect(earned[0]).toContain("Back-to-Back");
    expect(texts[texts.length - 1]).toBe("Fred Friend was removed from the challenge");
  });

  test("a refused record writes no chat message (same transaction)", async () => {
    const owner = await signUp(h);
    const challenge = await createChallenge(
      h.as(owner.user),
      createChallengeSchema.parse({
        name: "Quiet Challenge",
        startDate: new Date(Date.now() - 3 * DAY).toISOString(),
        endDate: new Date(Date.now() + 30 * DAY).toISOString(),
        courseName: `Quiet Course ${Math.random().toString(36).slice(2, 7)}`,
      }),
    );
    const round = {
      challengeId: challenge.id,
      date: new Date().toISOString().slice(0, 10),
      holes: [{ holeNumber: 1, score: 3 }],
      verifiedBy: { name: "P", signature: "p" },
    };
    await h.caller(owner.user).birdies.recordRound(round);
    await expect(
      h.caller(owner.user).birdies.recordRound({
        ...round,
        holes: [
          { holeNumber: 2, score: 3 },
          { holeNumber: 1, score: 3 },
        ],
      }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    const page = await h.caller(owner.user).chat.list({ challengeId: challenge.id });
    expect(page.messages.filter((m) => /hole 2/.test(m.message))).toHaveLength(0);
  });
});

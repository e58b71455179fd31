import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestHarness, RestClient, signUp, type TestHarness } from "../../test/harness/harness";
import { challengeWindow, createChallenge, join, today } from "../../test/harness/challenge-fixtures";

// GET /api/dashboard and tRPC dashboard.get (issue 19): one answer with what the dashboard showed
// from four requests; each part must equal what its own procedure answers.

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness();
}, 120_000);
afterAll(() => h.close());

describe("the dashboard in one request", () => {
  test("challenges, the current challenge's board and my achievements, equal to their own procedures", async () => {
    const golfer = await signUp(h);
    const friend = await signUp(h);
    // An ended challenge first (not current), then the current one.
    await createChallenge(golfer.client, challengeWindow(-20, -10));
    const current = await createChallenge(golfer.client, challengeWindow(-2, 10));
    await createChallenge(golfer.client, challengeWindow(-1, 20));
    await join(friend.client, current.inviteCode);
    await h.caller(friend.user).birdies.recordRound({
      challengeId: current.id,
      date: today(),
      holes: [
        { holeNumber: 3, score: -1 },
        { holeNumber: 7, score: -2 },
      ],
      verifiedBy: { name: "Pat", signature: "pat" },
    });

    const rest = await golfer.client.get("/api/dashboard");
    expect(rest.status).toBe(200);
    const me = h.caller(golfer.user);
    const [challenges, leaderboard, achievements, viaTrpc] = await Promise.all([
      me.challenges.list(),
      me.leaderboards.challengeTop({ challengeId: current.id }),
      me.achievements.mine(),
      me.dashboard.get(),
    ]);
    const expected = JSON.parse(
      JSON.stringify({ challenges, currentChallengeId: current.id, leaderboard, achievements }),
    );
    expect(rest.json).toEqual(expected);
    expect(JSON.parse(JSON.stringify(viaTrpc))).toEqual(expected);
    expect(rest.json.leaderboard.map((e: { user: { id: number } }) => e.user.id)).toEqual([
      friend.user.id,
      golfer.user.id,
    ]);
    expect(rest.headers.get("cache-control")).toContain("no-store");
  });

  test("no current challenge: no board; signed out: 401", async () => {
    const golfer = await signUp(h);
    await createChallenge(golfer.client, challengeWindow(-20, -10));
    const res = await golfer.client.get("/api/dashboard");
    expect(res.status).toBe(200);
    expect(res.json.currentChallengeId).toBeNull();
    expect(res.json.leaderboard).toEqual([]);
    expect(res.json.challenges).toHaveLength(1);
    expect((await new RestClient(h.app).get("/api/dashboard")).status).toBe(401);
  });
});

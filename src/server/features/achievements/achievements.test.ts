import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestHarness, signUp, type TestHarness } from "../../test/harness/harness";
import { createChallengeSchema } from "../../../shared/schemas/challenges";
import { addPlayer } from "../challenges/access";
import { createChallenge } from "../challenges/commands";
import { hasRun } from "./public";

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness();
}, 120_000);
afterAll(() => h.close());

const DAY = 86400_000;
const partner = { name: "Pat", signature: "pat" };

// Dates are chosen by weekday/month, inside a long challenge window that ends in the future.
function lastDate(pred: (d: Date) => boolean, from = new Date()): string {
  const d = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  while (!pred(d)) d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}
const weekday = lastDate((d) => d.getUTCDay() >= 2 && d.getUTCDay() <= 4 && ![12, 1, 2].includes(d.getUTCMonth() + 1));
const saturday = lastDate((d) => d.getUTCDay() === 6 && ![12, 1, 2].includes(d.getUTCMonth() + 1));
const winterWeekday = lastDate(
  (d) => [12, 1, 2].includes(d.getUTCMonth() + 1) && d.getUTCDay() >= 2 && d.getUTCDay() <= 4,
);

async function player(opts: { multiples?: boolean } = {}) {
  const me = await signUp(h);
  const challenge = await createChallenge(
    h.as(me.user),
    createChallengeSchema.parse({
      name: "Achievement Hunt",
      startDate: new Date(Date.now() - 400 * DAY).toISOString(),
      endDate: new Date(Date.now() + 10 * DAY).toISOString(),
      courseName: `Course ${Math.random().toString(36).slice(2, 8)}`,
      allowMultipleBirdies: opts.multiples ?? false,
    }),
  );
  const round = (holes: number[], date = weekday, score = 3) =>
    h.caller(me.user).birdies.recordRound({
      challengeId: challenge.id,
      date,
      holes: holes.map((holeNumber) => ({ holeNumber, score })),
      verifiedBy: partner,
    });
  const earned = async () =>
    (await h.caller(me.user).achievements.mine()).map((a) => a.achievement.achievementType).sort();
  return { me, challenge, round, earned };
}

describe("hasRun", () => {
  const table: [number[], number, boolean][] = [
    [[1, 2], 2, true],
    [[1, 3], 2, false],
    [[7, 8, 9], 3, true],
    [[7, 8, 10], 3, false],
    [[18, 1], 2, false], // 18 and 1 are not consecutive
    [[], 2, false],
  ];
  for (const [holes, n, expected] of table)
    test(`${JSON.stringify(holes)} run of ${n}: ${expected}`, () => expect(hasRun(holes, n)).toBe(expected));
});

describe("awarding", () => {
  test("catalogue: nine achievements in two categories", async () => {
    const { me } = await player();
    const list = await h.caller(me.user).achievements.list();
    expect(list.map((a) => a.achievementType)).toEqual([
      "first_birdie",
      "milestone_birdie",
      "halfway",
      "complete_set",
      "dual_birdie",
      "triple_threat",
      "weekend_warrior",
      "early_bird",
      "weather_warrior",
    ]);
    expect(new Set(list.map((a) => a.category))).toEqual(new Set(["milestone", "specialty"]));
    const rest = await me.client.get("/api/achievements");
    expect(rest.json).toHaveLength(9);
  });

  test("a single weekday birdie: first_birdie and early_bird only", async () => {
    const p = await player();
    const res = await p.round([5]);
    expect(res.newAchievements.map((a) => a.achievementType).sort()).toEqual(["early_bird", "first_birdie"]);
    expect(await p.earned()).toEqual(["early_bird", "first_birdie"]);
  });

  test("early_bird goes to the first player only", async () => {
    const p = await player();
    const friend = await signUp(h);
    await addPlayer(h.db, p.challenge.id, friend.user.id);
    await p.round([1]);
    const second = await h.caller(friend.user).birdies.recordRound({
      challengeId: p.challenge.id,
      date: weekday,
      holes: [{ holeNumber: 1, score: 3 }],
      verifiedBy: partner,
    });
    expect(second.newAchievements.map((a) => a.achievementType)).toEqual(["first_birdie"]);
  });

  test("dual_birdie on two consecutive holes in one round; not across rounds on different dates", async () => {
    const p = await player();
    await p.round([3], weekday);
    const other = lastDate(
      (d) => d.getUTCDay() >= 2 && d.getUTCDay() <= 4 && ![12, 1, 2].includes(d.getUTCMonth() + 1),
      new Date(new Date(`${weekday}T00:00:00Z`).getTime() - DAY),
    );
    const res = await p.round([4], other);
    expect(res.newAchievements.map((a) => a.achievementType)).not.toContain("dual_birdie");
    const same = await p.round([5], other); // 4 and 5 on the same date
    expect(same.newAchievements.map((a) => a.achievementType)).toEqual(["dual_birdie"]);
  });

  test("triple_threat on three consecutive holes (and dual with it)", async () => {
    const p = await player();
    const res = await p.round([10, 11, 12]);
    expect(res.newAchievements.map((a) => a.achievementType).sort()).toEqual([
      "dual_birdie",
      "early_bird",
      "first_birdie",
      "triple_threat",
    ]);
  });

  test("weekend_warrior on a Saturday; weather_warrior in winter; neither on a summer weekday", async () => {
    const sat = await player();
    expect((await sat.round([1], saturday)).newAchievements.map((a) => a.achievementType)).toContain("weekend_warrior");
    const winter = await player();
    const w = (await winter.round([1], winterWeekday)).newAchievements.map((a) => a.achievementType);
    expect(w).toContain("weather_warrior");
    expect(w).not.toContain("weekend_warrior");
  });

  test("halfway at 9 distinct holes, complete_set at 18, milestone_birdie at 10 records", async () => {
    const p = await player();
    const eight = await p.round([1, 3, 5, 7, 9, 11, 13, 15]);
    expect(eight.newAchievements.map((a) => a.achievementType)).not.toContain("halfway");
    const nine = await p.round([17]);
    expect(nine.newAchievements.map((a) => a.achievementType)).toEqual(["halfway"]);
    const ten = await p.round(
      [18],
      lastDate(
        (d) => d.getUTCDay() === 3 && ![12, 1, 2].includes(d.getUTCMonth() + 1),
        new Date(Date.now() - 30 * DAY),
      ),
    );
    expect(ten.newAchievements.map((a) => a.achievementType)).toEqual(["milestone_birdie"]);
    const rest = await p.round(
      [2, 4, 6, 8, 10, 12, 14, 16],
      lastDate(
        (d) => d.getUTCDay() === 3 && ![12, 1, 2].includes(d.getUTCMonth() + 1),
        new Date(Date.now() - 60 * DAY),
      ),
    );
    expect(rest.newAchievements.map((a) => a.achievementType)).toEqual(["complete_set"]);
  });

  test("awarding is idempotent and survives deletes (nothing is taken back)", async () => {
    const p = await player({ multiples: true });
    const first = await p.round([1]);
    expect(first.newAchievements.map((a) => a.achievementType)).toContain("first_birdie");
    const again = await p.round([1]);
    expect(again.newAchievements).toEqual([]);
    await h.caller(p.me.user).birdies.delete({ id: first.records[0].id });
    await h.caller(p.me.user).birdies.delete({ id: again.records[0].id });
    expect(await p.earned()).toEqual(["early_bird", "first_birdie"]);
    const mine = await h.caller(p.me.user).achievements.mine();
    expect(mine[0]).toMatchObject({ dateEarned: expect.any(String), achievement: { name: expect.any(String) } });
    const rest = await p.me.client.get(`/api/users/${p.me.user.id}/achievements`);
    expect(rest.json).toHaveLength(2);
  });
});

describe("whose challenge ids a profile's achievements show", () => {
  test("an outsider sees no member-only challenge id (REST and tRPC); fellow members and the owner do", async () => {
    const p = await player();
    await p.round([5]);
    const member = await signUp(h);
    await addPlayer(h.db, p.challenge.id, member.user.id);
    const outsider = await signUp(h);
    const path = `/api/users/${p.me.user.id}/achievements`;

    const byOutsider = [
      (await outsider.client.get(path)).json,
      await h.caller(outsider.user).achievements.forUser({ userId: p.me.user.id }),
    ];
    for (const list of byOutsider) {
      expect(
        list.map((a: { achievement: { achievementType: string } }) => a.achievement.achievementType).sort(),
      ).toEqual(["early_bird", "first_birdie"]);
      expect(list.map((a: { challengeId: number | null }) => a.challengeId)).toEqual([null, null]);
      expect(JSON.stringify(list)).not.toContain(`"challengeId":${p.challenge.id}`);
    }

    const byMember = [
      (await member.client.get(path)).json,
      await h.caller(member.user).achievements.forUser({ userId: p.me.user.id }),
    ];
    for (const list of byMember) {
      expect(list.map((a: { challengeId: number | null }) => a.challengeId)).toEqual([p.challenge.id, p.challenge.id]);
    }
    const mine = await h.caller(p.me.user).achievements.mine();
    expect(mine.map((a) => a.challengeId)).toEqual([p.challenge.id, p.challenge.id]);
  });
});

describe("?userId= on the achievement routes", () => {
  test("naming someone else is 403, as on every signed-in route; naming oneself is fine", async () => {
    const me = await signUp(h);
    const other = await signUp(h);
    for (const path of ["/api/achievements", `/api/users/${other.user.id}/achievements`]) {
      const refused = await me.client.get(`${path}?userId=${other.user.id}`);
      expect(refused.status).toBe(403);
      expect(refused.json).toEqual({ message: "You can only act as yourself" });
      expect((await me.client.get(`${path}?userId=${me.user.id}`)).status).toBe(200);
    }
  });
});

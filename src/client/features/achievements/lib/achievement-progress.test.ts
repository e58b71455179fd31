import { describe, expect, test } from "bun:test";
import type { Achievement, UserAchievement } from "../../../../shared/schemas/achievements";
import { achievementIconKey } from "../components/achievement-icon";
import { completion, filterAchievements, latestEarned, mergeAchievements } from "./achievement-progress";

const a = (id: number, type: string, category: Achievement["category"]): Achievement => ({
  id,
  name: `A${id}`,
  description: `d${id}`,
  category,
  achievementType: type,
  icon: "bird",
});
const catalogue = [a(1, "first_birdie", "milestone"), a(2, "halfway", "milestone"), a(3, "dual_birdie", "specialty")];
const won = (achievement: Achievement, at: string): UserAchievement => ({
  id: achievement.id * 10,
  achievementId: achievement.id,
  challengeId: null,
  dateEarned: at,
  achievement,
});

describe("achievements page rules", () => {
  const cards = mergeAchievements(catalogue, [
    won(catalogue[2], "2026-05-02T00:00:00.000Z"),
    won(catalogue[0], "2026-05-01T00:00:00.000Z"),
  ]);

  test("merge marks earned dates", () => {
    expect(cards.map((c) => c.earnedAt)).toEqual(["2026-05-01T00:00:00.000Z", null, "2026-05-02T00:00:00.000Z"]);
  });

  test("an earned achievement missing from the catalogue still shows", () => {
    const extra = a(9, "mystery", "specialty");
    expect(mergeAchievements(catalogue, [won(extra, "2026-05-03T00:00:00.000Z")]).map((c) => c.id)).toEqual([
      1, 2, 3, 9,
    ]);
  });

  test.each([
    ["all", [1, 2, 3]],
    ["milestone", [1, 2]],
    ["specialty", [3]],
    ["earned", [3, 1]],
  ] as const)("tab %s", (tab, ids) => {
    expect(filterAchievements(cards, tab).map((c) => c.id)).toEqual([...ids]);
  });

  test("completion percent", () => {
    expect(completion(cards)).toEqual({ earned: 2, total: 3, percent: 67 });
    expect(completion([])).toEqual({ earned: 0, total: 0, percent: 0 });
  });

  test.each([
    ["first_birdie", "anything", "bird"],
    ["weather_warrior", null, "snowflake"],
    ["unknown_type", "zap", "zap"],
    ["unknown_type", "no-such-icon", "award"],
    [null, null, "award"],
  ])("icon for %p / %p is %p", (type, icon, key) => {
    expect(achievementIconKey(type, icon)).toBe(key);
  });

  test("latest earned: newest first, ties in catalogue order", () => {
    const list = [
      won(catalogue[2], "2026-05-02T10:00:00.000Z"),
      won(catalogue[1], "2026-05-02T10:00:00.000Z"),
      won(catalogue[0], "2026-05-02T10:00:00.000Z"),
      won(a(4, "weekend_warrior", "specialty"), "2026-05-01T10:00:00.000Z"),
    ];
    expect(latestEarned(list, 2).map((ua) => ua.achievementId)).toEqual([1, 2]);
    expect(
      latestEarned(
        [won(catalogue[0], "2026-04-01T00:00:00.000Z"), won(catalogue[2], "2026-05-01T00:00:00.000Z")],
        2,
      ).map((ua) => ua.achievementId),
    ).toEqual([3, 1]);
  });
});

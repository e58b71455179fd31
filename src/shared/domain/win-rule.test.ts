import { describe, expect, test } from "bun:test";
import { tiebreakerText, WIN_RULE, winRuleText } from "./win-rule";

describe("the win rule", () => {
  test("points first (birdie 1, eagle 3), then the challenge's tiebreaker", () => {
    expect(WIN_RULE).toBe("The player with the most points wins (birdie 1, eagle 3).");
    expect(winRuleText({ tiebreaker: "mostBirdies", tiebreakerThreshold: 9 })).toBe(
      "The player with the most points wins (birdie 1, eagle 3). Ties go to the player with the most birdies.",
    );
    expect(tiebreakerText("firstToThreshold", 1)).toBe("Ties go to the first player to birdie 1 different hole.");
    expect(tiebreakerText("firstToThreshold", 9)).toBe("Ties go to the first player to birdie 9 different holes.");
    expect(tiebreakerText("firstToComplete", 9)).toBe("Ties go to the first player to birdie all 18 holes.");
  });
});

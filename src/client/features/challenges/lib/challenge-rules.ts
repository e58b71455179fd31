import { BIRDIE_POINTS, EAGLE_POINTS } from "../../../../shared/domain/scoring";
import type { Tiebreaker } from "../../../../shared/schemas/challenges";

// How a challenge's settings read on the Rules & Info tab and in the forms
// (docs/product/rules.md#scoring, docs/product/rules.md#eagle-bonus).

export const EAGLE_BONUS_TEXT = "Eagles count as two birdies";

export const TIEBREAKER_LABELS: Record<Tiebreaker, string> = {
  mostBirdies: "Most birdies",
  firstToThreshold: "First to reach a number of holes",
  firstToComplete: "First to complete all 18 holes",
};

export function tiebreakerText(tiebreaker: Tiebreaker, threshold: number): string {
  if (tiebreaker === "firstToThreshold")
    return `Ties go to the first player to birdie ${threshold} different ${threshold === 1 ? "hole" : "holes"}.`;
  if (tiebreaker === "firstToComplete") return "Ties go to the first player to birdie all 18 holes.";
  return "Ties go to the player with the most birdies.";
}

type RuleSettings = {
  tiebreaker: Tiebreaker;
  tiebreakerThreshold: number;
  allowMultipleBirdies: boolean;
  eagleBonus: boolean;
};

/** The scoring rules of a challenge, one sentence each. */
export function ruleLines(c: RuleSettings): string[] {
  const lines = [
    "The player with the most unique holes birdied wins.",
    `A birdie scores ${BIRDIE_POINTS} point and an eagle ${EAGLE_POINTS} points.`,
    c.allowMultipleBirdies
      ? "Multiple birdies on the same hole count."
      : "Only your best score on each hole counts; an eagle can upgrade an earlier birdie.",
  ];
  if (c.eagleBonus) lines.push(`${EAGLE_BONUS_TEXT}.`);
  lines.push(tiebreakerText(c.tiebreaker, c.tiebreakerThreshold));
  lines.push("Every birdie needs a playing partner's name and signature.");
  return lines;
}

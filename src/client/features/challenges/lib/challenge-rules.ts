import { REQUIRE_CONFIRMATION_TEXT } from "../../../../shared/domain/verification";
import { winRuleText } from "../../../../shared/domain/win-rule";
import type { Tiebreaker } from "../../../../shared/schemas/challenges";

// How a challenge's settings read on the Rules & Info tab and in the forms
// (docs/product/rules.md#scoring, docs/product/rules.md#eagle-bonus). The win rule itself is the
// shared one (src/shared/domain/win-rule.ts).

export const EAGLE_BONUS_TEXT = "Eagles count as two birdies";

export const TIEBREAKER_LABELS: Record<Tiebreaker, string> = {
  mostBirdies: "Most birdies",
  firstToThreshold: "First to reach a number of holes",
  firstToComplete: "First to complete all 18 holes",
};

type RuleSettings = {
  tiebreaker: Tiebreaker;
  tiebreakerThreshold: number;
  allowMultipleBirdies: boolean;
  eagleBonus: boolean;
  requireConfirmation: boolean;
};

/** The scoring rules of a challenge, one sentence each: the win rule first. */
export function ruleLines(c: RuleSettings): string[] {
  const lines = [
    winRuleText(c),
    c.allowMultipleBirdies
      ? "Multiple birdies on the same hole count."
      : "Only your best score on each hole counts; an eagle can upgrade an earlier birdie.",
  ];
  if (c.eagleBonus) lines.push(`${EAGLE_BONUS_TEXT}.`);
  lines.push(
    c.requireConfirmation
      ? `${REQUIRE_CONFIRMATION_TEXT}: pick your playing partner's account when you record, and they confirm it from their own.`
      : "Every birdie needs a playing partner: their account (they confirm it from their own) or their typed name and signature.",
  );
  return lines;
}

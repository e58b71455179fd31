import type { Tiebreaker } from "../schemas/challenges";
import { BIRDIE_POINTS, EAGLE_POINTS } from "./scoring";
import { countOf } from "./plural";

// The win rule, written once (docs/product/rules.md#challenge-boards): boards rank by points
// (birdie 1, eagle 3), then by the challenge's tiebreaker. The Rules & Info tab, the invitation and
// the boards all read these texts, so they cannot drift from what the boards do.

export const WIN_RULE = `The player with the most points wins (birdie ${BIRDIE_POINTS}, eagle ${EAGLE_POINTS}).`;

export function tiebreakerText(tiebreaker: Tiebreaker, threshold: number): string {
  if (tiebreaker === "firstToThreshold")
    return `Ties go to the first player to birdie ${countOf(threshold, "different hole", "different holes")}.`;
  if (tiebreaker === "firstToComplete") return "Ties go to the first player to birdie all 18 holes.";
  return "Ties go to the player with the most birdies.";
}

/** The whole rule for one challenge: points first, then its tiebreaker. */
export function winRuleText(c: { tiebreaker: Tiebreaker; tiebreakerThreshold: number }): string {
  return `${WIN_RULE} ${tiebreakerText(c.tiebreaker, c.tiebreakerThreshold)}`;
}

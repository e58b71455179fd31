import type { Tiebreaker } from "../schemas/challenges";
import { countOf } from "./plural";

// Final results (docs/product/rules.md#final-results, ADR 0042): which step of the win rule
// (src/shared/domain/win-rule.ts) separated the winner from the runner-up, in words.

export const DECIDED_BY = ["points", "tiebreaker", "lastRecord", "shared", "nobody"] as const;
export type DecidedBy = (typeof DECIDED_BY)[number];

/** The keys the board order compares, in its order (leaderboards BOARD_ORDER). */
export type StandingKeys = {
  points: number;
  birdieTally: number;
  reachedThreshold: string | null;
  reachedAll: string | null;
  lastAt: string | null;
};

/**
 * Which step decided, from the first two players of the final board (already in board order):
 * nobody scored; the winner had more points; the challenge's tiebreaker separated them; the
 * earlier last record did; or nothing did and the win is shared.
 */
export function decidedBy(
  first: StandingKeys | undefined,
  second: StandingKeys | undefined,
  tiebreaker: Tiebreaker,
): DecidedBy {
  if (!first || first.points <= 0) return "nobody";
  if (!second || second.points !== first.points) return "points";
  const key = (s: StandingKeys) =>
    tiebreaker === "mostBirdies"
      ? s.birdieTally
      : tiebreaker === "firstToThreshold"
        ? s.reachedThreshold
        : s.reachedAll;
  if (key(first) !== key(second)) return "tiebreaker";
  if (first.lastAt !== second.lastAt) return "lastRecord";
  return "shared";
}

const tiebreakerName = (tiebreaker: Tiebreaker, threshold: number) =>
  tiebreaker === "firstToThreshold"
    ? `first to birdie ${countOf(threshold, "different hole", "different holes")}`
    : tiebreaker === "firstToComplete"
      ? "first to birdie all 18 holes"
      : "most birdies";

/** The results page's "how it was decided" line (docs/product/texts-and-messages.md#fair-play-flags-and-results). */
export function decidedByText(decided: DecidedBy, tiebreaker: Tiebreaker, threshold: number): string {
  switch (decided) {
    case "nobody":
      return "Nobody scored in this challenge, so there is no winner.";
    case "points":
      return "Decided on points: the winner scored the most points.";
    case "tiebreaker":
      return `Level on points, decided by the tiebreaker: ${tiebreakerName(tiebreaker, threshold)}.`;
    case "lastRecord":
      return "Level on points and on the tiebreaker, decided by the earlier last record.";
    case "shared":
      return "Level on points and on every tiebreaker: the win is shared.";
  }
}

/** "Alice", "Alice and Bob", "Alice, Bob and Cleo". */
export function namesList(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** The chat line that announces the result once (docs/product/rules.md#system-messages). */
export function resultChatText(challengeName: string, winners: readonly string[]): string {
  if (!winners.length) return `${challengeName} has ended. Nobody scored, so there is no winner.`;
  return winners.length === 1
    ? `${challengeName} has ended. ${winners[0]} won! See the final results.`
    : `${challengeName} has ended. ${namesList(winners)} share the win! See the final results.`;
}

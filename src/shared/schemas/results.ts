import type { DecidedBy } from "../domain/results";
import type { Tiebreaker } from "./challenges";

/** One hole of a challenge on the detail page (docs/product/api.md#get-apichallengesidholes). */
export type HoleLegend = {
  holeNumber: number;
  /** The first golfer to birdie (or eagle) the hole, by date played, then by when it was entered. */
  firstBy: { userId: number; displayName: string; date: string } | null;
  /** Counted records on the hole, by type. */
  birdies: number;
  eagles: number;
};

/** Before the end there are no results yet (docs/product/api.md#get-apichallengesidresults). */
export const RESULTS_NOT_YET = "This challenge has not ended yet. Its final results are shown once it ends.";

/** One player of the frozen final board, with the name they had when it ended. */
export type ResultStanding = {
  position: number;
  rank: number;
  /** Null once that golfer deleted their account (the name stays as it was). */
  userId: number | null;
  displayName: string;
  points: number;
  birdies: number;
  eagles: number;
  holes: number;
  winner: boolean;
};

/** A challenge's final results, frozen when it ended (docs/product/rules.md#final-results). */
export type ChallengeResults = {
  challengeId: number;
  challengeName: string;
  endedAt: string;
  frozenAt: string;
  tiebreaker: Tiebreaker;
  tiebreakerThreshold: number;
  decidedBy: DecidedBy;
  /** How the win was decided, in words ("Level on points, decided by the tiebreaker: most birdies."). */
  decidedByText: string;
  /** The challenge's win rule in words (shared/domain/win-rule.ts). */
  winRule: string;
  totalPlayers: number;
  winners: { userId: number | null; displayName: string }[];
  standings: ResultStanding[];
};

import { z } from "zod";
import { PERIODS, type Period } from "../domain/periods";
import type { HoleCount } from "../domain/scoring";
import { positiveIdSchema } from "./courses";

export const challengeLeaderboardSchema = z.object({ challengeId: positiveIdSchema("challenge") });

/** The dashboard's Challenge Leaderboard widget: the top of the board, without hole counts. */
export const BOARD_TOP_PLAYERS = 4;

export const periodSchema = z.object({
  period: z.enum(PERIODS, { error: "Period must be one of all, year, month, week, day" }).default("all"),
});

/**
 * GET /api/leaderboard/global's query: the period as `?period=`, or as `?p=` when that is absent
 * (docs/product/api.md#get-apileaderboardglobal).
 */
export const globalBoardQuerySchema = z.preprocess(
  (query: Record<string, unknown>) => ({ period: query.period ?? query.p }),
  periodSchema,
);

/** My Rankings pages through a golfer's challenges, most recent end date first, 20 at a time. */
export const MY_CHALLENGES_PAGE = 20;
export const myChallengesPageSchema = z.object({
  offset: z.coerce
    .number({ error: "Offset must be a number" })
    .int("Offset must be a whole number")
    .min(0, "Offset must be 0 or more")
    .max(100000, "Offset is too large")
    .default(0),
});

export type LeaderboardUser = {
  id: number;
  username: string;
  displayName: string;
  profilePicture: string | null;
  handicap: number | null;
};

/** A challenge board's entry (docs/product/api.md#leaderboard-shapes), with the rank the server computed. */
export type LeaderboardEntry = {
  rank: number;
  user: LeaderboardUser;
  /** Distinct holes birdied or better. */
  birdiedHoles: number;
  points: number;
  birdies: number;
  eagles: number;
  holeCounts: Record<string, HoleCount>;
  /**
   * Challenge boards only, and only when above 0: the player's records that wait for their
   * partner's confirmation and do not count yet (docs/product/rules.md#verification).
   */
  pendingRecords?: number;
};

export type MyChallengeLeaderboardItem = {
  challengeId: number;
  challengeName: string;
  userRank: number;
  totalPlayers: number;
  leaderboard: LeaderboardEntry[];
};

export type GlobalEntry = {
  rank: number;
  user: LeaderboardUser;
  points: number;
  birdies: number;
  eagles: number;
};

export type GlobalLeaderboard = {
  period: Period;
  entries: GlobalEntry[];
  /** The caller's row when they rank beyond the top 100 (null when inside it or unranked). */
  me: GlobalEntry | null;
};

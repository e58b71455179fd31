import type { UserAchievement } from "./achievements";
import type { ChallengeListItem } from "./challenges";
import type { LeaderboardEntry } from "./leaderboards";

/**
 * GET /api/dashboard and tRPC dashboard.get (docs/product/api.md#get-apidashboard): everything the
 * dashboard shows in one answer. `challenges` is challenges.list, `leaderboard` the top of the
 * current challenge's board as leaderboards.challengeTop (empty when there is none), `achievements` achievements.mine.
 */
export type Dashboard = {
  challenges: ChallengeListItem[];
  currentChallengeId: number | null;
  leaderboard: LeaderboardEntry[];
  achievements: UserAchievement[];
};

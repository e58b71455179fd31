import type { Period } from "../../../../shared/domain/periods";
import { trpc } from "../../../lib/trpc";

// docs/product/routes-and-screens.md#data-freshness: the challenge leaderboard may be 10 s stale;
// the others refresh on invalidation (recording and deleting invalidate every leaderboard).
const CHALLENGE_BOARD_STALE_MS = 10_000;

export function useChallengeLeaderboard(challengeId: number | null) {
  return trpc.leaderboards.challenge.useQuery(
    { challengeId: challengeId ?? 0 },
    { enabled: challengeId !== null && challengeId > 0, staleTime: CHALLENGE_BOARD_STALE_MS },
  );
}

/** The top of a challenge's board (the dashboard widget; the dashboard's one request fills it first). */
export function useChallengeLeaderboardTop(challengeId: number) {
  return trpc.leaderboards.challengeTop.useQuery({ challengeId }, { staleTime: CHALLENGE_BOARD_STALE_MS });
}

/**
 * The server's My Rankings page size (leaderboards service MY_CHALLENGES_PAGE): a full page means
 * older challenges may follow.
 */
export { MY_CHALLENGES_PAGE as MY_RANKINGS_PAGE_SIZE } from "../../../../shared/schemas/leaderboards";

/** One page of My Rankings, most recent end date first. */
export function useMyChallengesLeaderboard(offset = 0) {
  return trpc.leaderboards.myChallenges.useQuery(offset === 0 ? undefined : { offset });
}

export function useGlobalLeaderboard(period: Period) {
  // Keep the previous period's rows on screen while the next one loads, so the table does not jump.
  return trpc.leaderboards.global.useQuery({ period }, { placeholderData: (previous) => previous });
}

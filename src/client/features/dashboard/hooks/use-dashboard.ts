import { useQuery } from "@tanstack/react-query";
import { trpc } from "../../../lib/trpc";
import { loadDashboard } from "../lib/early-load";

/**
 * The dashboard's data in one request (GET /api/dashboard). Before the query resolves, each part
 * goes into the cache of the query that owns it (challenges.list, the current challenge's board,
 * achievements.mine), so the widgets render from it without requests of their own.
 */
export function useDashboard() {
  const utils = trpc.useUtils();
  return useQuery({
    queryKey: ["dashboard"],
    queryFn: async () => {
      const data = await loadDashboard();
      utils.challenges.list.setData(undefined, data.challenges);
      if (data.currentChallengeId !== null) {
        utils.leaderboards.challengeTop.setData({ challengeId: data.currentChallengeId }, data.leaderboard);
      }
      utils.achievements.mine.setData(undefined, data.achievements);
      return data;
    },
    // The parts are kept fresh by their own queries' invalidations from here on.
    staleTime: Number.POSITIVE_INFINITY,
  });
}

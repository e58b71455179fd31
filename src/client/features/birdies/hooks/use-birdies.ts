import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { trpc } from "../../../lib/trpc";

// SPEC.md §4, §7: after recording or deleting, the affected data is refetched after 500 ms.
export const REFRESH_DELAY_MS = 500;

// Everything a record changes: the player's records and progress, rankings, achievements, and the
// challenge chat (the server posts a system message). Matched by the first segment of the tRPC
// query key, so a feature that is not built yet (or renamed) costs nothing.
const AFFECTED_ROUTERS = new Set(["birdies", "challenges", "leaderboards", "achievements", "chat"]);

/** Invalidates every query a new or deleted record affects, after SPEC.md's 500 ms delay. */
export function useRefreshAfterRecordChange() {
  const queryClient = useQueryClient();
  return useCallback(
    (delayMs = REFRESH_DELAY_MS) =>
      new Promise<void>((resolve) => {
        setTimeout(() => {
          void queryClient
            .invalidateQueries({
              predicate: (query) => {
                const path = query.queryKey[0];
                return Array.isArray(path) && typeof path[0] === "string" && AFFECTED_ROUTERS.has(path[0]);
              },
            })
            .finally(resolve);
        }, delayMs);
      }),
    [queryClient],
  );
}

/** The signed-in player's records in one challenge, newest first. */
export function useOwnBirdies(challengeId: number | null) {
  return trpc.birdies.list.useQuery(
    { challengeId: challengeId ?? undefined },
    { enabled: challengeId !== null && challengeId > 0 },
  );
}

/** Any player's records in a challenge the viewer plays in (the leaderboard's player dialog). */
export function usePlayerBirdies(challengeId: number, userId: number | null) {
  return trpc.birdies.listForPlayer.useQuery(
    { challengeId, userId: userId ?? 0 },
    { enabled: userId !== null && userId > 0 },
  );
}

/** One challenge with the caller's own progress fields (birdiedHoles, eagleHoles, holeCounts, progress). */
export function useChallengeProgress(challengeId: number) {
  return trpc.challenges.byId.useQuery({ id: challengeId }, { enabled: challengeId > 0 });
}

/** The signed-in user's challenges with their progress fields, oldest start first. */
export function useMyChallenges() {
  return trpc.challenges.list.useQuery();
}

export function useDeleteBirdie() {
  return trpc.birdies.delete.useMutation();
}

export function useRecordRound() {
  return trpc.birdies.recordRound.useMutation();
}

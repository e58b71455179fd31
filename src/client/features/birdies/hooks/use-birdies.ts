import { MY_CHALLENGES_POLL_MS } from "../../../lib/freshness";
import { trpc } from "../../../lib/trpc";

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

/**
 * The signed-in user's challenges with their progress fields, oldest start first. `poll`: asked for
 * again every 15 s like the My Challenges page (the dashboard), so rounds recorded elsewhere show.
 * Never stale on its own either way: data the device kept is shown, not asked for again on mount.
 */
export function useMyChallenges(options: { poll?: boolean } = {}) {
  return trpc.challenges.list.useQuery(undefined, {
    refetchInterval: options.poll ? MY_CHALLENGES_POLL_MS : false,
  });
}

export function useDeleteBirdie() {
  return trpc.birdies.delete.useMutation();
}

export function useRecordRound() {
  return trpc.birdies.recordRound.useMutation();
}

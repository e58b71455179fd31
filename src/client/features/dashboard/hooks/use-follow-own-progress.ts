import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { ChallengeListItem } from "../../../../shared/schemas/challenges";
import { isRouterQuery } from "../../../lib/query-keys";

// What the dashboard shows beside My Challenges and that a record changes: the golfer's records
// (the card's pending marks and hole dialog), the boards and the achievements. Chat is live and
// My Challenges is the query that noticed.
const FOLLOWING_ROUTERS = new Set(["birdies", "leaderboards", "achievements"]);

/** The golfer's own progress in every challenge of the list: what a new or deleted record moves. */
export function ownProgressKey(challenges: readonly ChallengeListItem[]): string {
  return JSON.stringify(challenges.map((c) => [c.id, c.points, c.birdiedHoles, c.eagleHoles, c.holeCounts] as const));
}

/**
 * A round recorded elsewhere (another device, the API, a record confirmed or deleted by someone
 * else) reaches the dashboard through My Challenges' poll, which carries the golfer's progress.
 * When that progress differs between two answers, the rest of the screen is asked for again, so
 * the card, the board and the achievements agree with the list instead of waiting for a reload.
 * The first answer only sets the baseline (the dashboard mounts after a round recorded on this
 * device has refreshed everything). A change made while the dashboard is open (a record deleted
 * from the hole dialog, a queued round syncing) is refreshed by its own code and then once more
 * from here: three small reads, not worth telling the two apart.
 */
export function useFollowOwnProgress(challenges: readonly ChallengeListItem[] | undefined) {
  const queryClient = useQueryClient();
  const seen = useRef<string | null>(null);
  const key = challenges ? ownProgressKey(challenges) : null;
  useEffect(() => {
    if (key === null) return;
    const before = seen.current;
    seen.current = key;
    if (before === null || before === key) return;
    void queryClient.invalidateQueries({ predicate: (query) => isRouterQuery(query.queryKey, FOLLOWING_ROUTERS) });
  }, [key, queryClient]);
}

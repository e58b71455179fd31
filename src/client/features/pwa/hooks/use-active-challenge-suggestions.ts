import { challengeStatus } from "../../../../shared/domain/challenge-timing";
import { trpc } from "../../../lib/trpc";

export const MAX_SUGGESTIONS = 3;

/**
 * Up to three of the signed-in user's active challenges
 * (docs/product/routes-and-screens.md#install-info); nothing when signed out.
 */
export function useActiveChallengeSuggestions(signedIn: boolean) {
  const query = trpc.challenges.list.useQuery(undefined, { enabled: signedIn });
  const now = Date.now();
  const suggestions = (query.data ?? [])
    .filter((c) => challengeStatus(c.startDate, c.endDate, now) === "active")
    .slice(0, MAX_SUGGESTIONS);
  return { suggestions, isLoading: signedIn && query.isPending };
}

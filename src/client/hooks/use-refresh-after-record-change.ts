import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { isRouterQuery } from "../lib/query-keys";

// After recording or deleting, the affected data is refetched after 500 ms
// (docs/product/routes-and-screens.md#data-freshness).
export const REFRESH_DELAY_MS = 500;

// Everything a record changes: the player's records and progress, rankings, achievements, and the
// challenge chat (the server posts a system message). Matched by the first segment of the tRPC
// query key, so a feature that is not built yet (or renamed) costs nothing. Shared by the record
// form, the edit list and the offline outbox, so it lives outside any one feature.
const AFFECTED_ROUTERS = new Set(["birdies", "challenges", "leaderboards", "achievements", "chat"]);

/**
 * Invalidates every query a new or deleted record affects, after the 500 ms delay of
 * docs/product/routes-and-screens.md#data-freshness.
 */
export function useRefreshAfterRecordChange() {
  const queryClient = useQueryClient();
  return useCallback(
    (delayMs = REFRESH_DELAY_MS) =>
      new Promise<void>((resolve) => {
        setTimeout(() => {
          void queryClient
            .invalidateQueries({ predicate: (query) => isRouterQuery(query.queryKey, AFFECTED_ROUTERS) })
            .finally(resolve);
        }, delayMs);
      }),
    [queryClient],
  );
}

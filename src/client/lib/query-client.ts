import { MutationCache, onlineManager, QueryCache, QueryClient } from "@tanstack/react-query";
import { isUnauthorized } from "./errors";
import { currentUserQueryKey } from "./session";

/**
 * A 401 from any call means the session may be gone (signed out elsewhere, or disabled by an
 * admin), and 'Admins only' means admin rights may have been revoked: re-ask who is signed in, so
 * the guards move the visitor on at once instead of at the next 5-minute check.
 */
function recheckSessionOn(error: unknown, client: () => QueryClient, key?: readonly unknown[]) {
  const isMeQuery = key !== undefined && JSON.stringify(key) === JSON.stringify(currentUserQueryKey());
  if (isMeQuery) return;
  const adminsOnly = (error as { message?: unknown } | null)?.message === "Admins only";
  if (isUnauthorized(error) || adminsOnly) void client().invalidateQueries({ queryKey: currentUserQueryKey() });
}

// docs/product/routes-and-screens.md#data-freshness: data never goes stale on its own and is
// refreshed by explicit invalidation after mutations; queries that need freshness (the current
// user, live challenge data) opt in.
export function createQueryClient() {
  // TanStack Query starts "online" and only follows later online/offline events: a cold start with
  // no signal must pause its queries (and show what the device kept, ADR 0029), not fail them.
  if (typeof navigator !== "undefined") onlineManager.setOnline(navigator.onLine);
  let queryClient: QueryClient;
  queryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => recheckSessionOn(error, () => queryClient, query.queryKey),
    }),
    mutationCache: new MutationCache({ onError: (error) => recheckSessionOn(error, () => queryClient) }),
    defaultOptions: {
      queries: {
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
  return queryClient;
}

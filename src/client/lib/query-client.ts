import { QueryClient } from "@tanstack/react-query";

// SPEC §9: data never goes stale on its own and is refreshed by explicit invalidation after
// mutations; queries that need freshness (the current user, live challenge data) opt in.
export function createQueryClient() {
  return new QueryClient({
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
}

import { createAsyncStoragePersister } from "@tanstack/query-async-storage-persister";
import { onlineManager, type QueryClient } from "@tanstack/react-query";
import { persistQueryClient } from "@tanstack/react-query-persist-client";
import { del, get, set } from "idb-keyval";

// What the golfer last saw is kept in IndexedDB (ADR 0029) so the app shows it at the course with
// no signal, a cold start from the home screen included. Loaded after the first render (a dynamic
// import), so the initial bundle does not carry it.

const STORE_KEY = "birdie.query-cache";
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** Queries that are never kept: the signed-in user (kept by the session cache) and admin data. */
const NEVER_KEPT = new Set(["auth", "admin"]);

function routerOf(queryKey: readonly unknown[]): string | null {
  const path = queryKey[0];
  if (Array.isArray(path) && typeof path[0] === "string") return path[0];
  return typeof path === "string" ? path : null;
}

/**
 * Restores the kept queries of this golfer and keeps saving them. The buster names the golfer, so
 * another account signing in on the device never sees the previous one's data. Restored data that
 * is older than this start is marked stale: online it is refetched at once, offline on reconnect.
 */
export function startQueryPersistence(queryClient: QueryClient, userId: number): () => void {
  // What this page loaded itself (the first-paint user, the dashboard's parts) is newer than the
  // page; only what was restored from the device predates it and is refetched.
  const startedAt = Math.floor(performance.timeOrigin);
  const persister = createAsyncStoragePersister({
    storage: { getItem: (k) => get<string>(k).then((v) => v ?? null), setItem: (k, v) => set(k, v), removeItem: del },
    key: STORE_KEY,
    throttleTime: 1000,
  });
  const [unsubscribe, restored] = persistQueryClient({
    queryClient,
    persister,
    maxAge: MAX_AGE_MS,
    buster: `v1-user-${userId}`,
    dehydrateOptions: {
      shouldDehydrateQuery: (query) => {
        const router = routerOf(query.queryKey);
        return query.state.status === "success" && router !== null && !NEVER_KEPT.has(router);
      },
    },
  });
  void restored.then(() => {
    void queryClient.invalidateQueries({
      predicate: (query) => query.state.dataUpdatedAt > 0 && query.state.dataUpdatedAt < startedAt,
      refetchType: onlineManager.isOnline() ? "active" : "none",
    });
  });
  return unsubscribe;
}

import { createAsyncStoragePersister } from "@tanstack/query-async-storage-persister";
import { onlineManager, type Query, type QueryClient } from "@tanstack/react-query";
import {
  type PersistQueryClientOptions,
  persistQueryClient,
  persistQueryClientSave,
} from "@tanstack/react-query-persist-client";
import { del, get, set } from "idb-keyval";
import { routerOf } from "../../../lib/query-keys";

// What the golfer last saw is kept in IndexedDB (ADR 0029) so the app shows it at the course with
// no signal, a cold start from the home screen included. Loaded after the first render (a dynamic
// import), so the initial bundle does not carry it.

const STORE_KEY = "birdie.query-cache";
const MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * Queries that are never kept: the signed-in user (kept by the session cache), admin data, and the
 * dashboard's one request, whose parts are kept under their own queries: restored, it would let
 * the widgets mount on old parts and ask for them beside the request that brings them.
 */
const NEVER_KEPT = new Set(["auth", "admin", "dashboard"]);

/**
 * Restores the kept queries of this golfer and keeps saving them. The buster names the golfer, so
 * another account signing in on the device never sees the previous one's data. Restored data that
 * is older than this start is marked stale: online once the page's own requests have answered
 * (and what is on screen asked for again), offline on reconnect. `restored` resolves once the
 * device's copy is in the cache (or there was none).
 */
export function startQueryPersistence(
  queryClient: QueryClient,
  userId: number,
): { stop: () => void; restored: Promise<void> } {
  // What this page loaded itself (the first-paint user, the dashboard's parts) is newer than the
  // page; only what was restored from the device predates it and is refetched.
  const startedAt = Math.floor(performance.timeOrigin);
  const storage = {
    getItem: (k: string) => get<string>(k).then((v) => v ?? null),
    setItem: (k: string, v: string) => set(k, v),
    removeItem: del,
  };
  const options: Omit<PersistQueryClientOptions, "persister"> = {
    queryClient,
    maxAge: MAX_AGE_MS,
    buster: `v1-user-${userId}`,
    dehydrateOptions: {
      shouldDehydrateQuery: (query) => {
        const router = routerOf(query.queryKey);
        return query.state.status === "success" && router !== null && !NEVER_KEPT.has(router);
      },
    },
  };
  // Saves after each change, at most once a second.
  const persister = createAsyncStoragePersister({ storage, key: STORE_KEY, throttleTime: 1000 });
  const [unsubscribe, restoring] = persistQueryClient({ ...options, persister });
  // A copy that cannot be read is dropped by the library; the page goes on without it.
  const restored = restoring.catch(() => {});
  let stopped = false;
  void restored.then(() => {
    if (stopped) return;
    // Saved now, past the throttle: the page's own data often arrives before this module does
    // (the dashboard's one request, a challenge loaded with the HTML); with no change after it,
    // nothing would be written and a cold start with no signal would show an empty dashboard.
    // (Saving on pagehide was tried: the browser drops an IndexedDB write started as the page
    // goes, so it kept nothing.)
    void persistQueryClientSave({
      ...options,
      persister: createAsyncStoragePersister({ storage, key: STORE_KEY, throttleTime: 0 }),
    });
    void refreshRestored();
  });
  // Restored data is marked stale: offline it is asked for again on reconnect. Online, only once
  // the page's own requests are answered: the dashboard's one request brings the lists it
  // restored, so only what is still older than the page goes out again (marked stale earlier, a
  // widget mounting on restored data would ask for it beside that request).
  const restoredOlder = (query: Query) => query.state.dataUpdatedAt > 0 && query.state.dataUpdatedAt < startedAt;
  async function refreshRestored() {
    if (onlineManager.isOnline()) await whenNothingLoads(queryClient);
    if (stopped) return;
    await queryClient.invalidateQueries({
      predicate: restoredOlder,
      refetchType: onlineManager.isOnline() ? "active" : "none",
    });
  }
  const stop = () => {
    stopped = true;
    unsubscribe();
  };
  return { stop, restored };
}

/** Resolves when no query is loading (at most 5 s: a request that hangs does not hold the rest). */
function whenNothingLoads(queryClient: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    if (queryClient.isFetching() === 0) return resolve();
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, 5000);
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() === 0) done();
    });
  });
}

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState, useSyncExternalStore } from "react";
import { useOnlineStatus } from "../hooks/use-online-status";

// The persistence code is fetched after the first render (ADR 0029); the banner needs only the
// time of the newest data, read from the query cache itself.

// Whether what the device kept has been put back into the query cache (or there was none). Until
// then a screen offline has no data yet, which is not the same as having nothing.
let keptDataRestored = false;
const restoredListeners = new Set<() => void>();
function markRestored() {
  keptDataRestored = true;
  for (const listener of restoredListeners) listener();
}

/** True once the data kept on the device is back in the cache (offline: what there is to show). */
export function useKeptDataRestored(): boolean {
  return useSyncExternalStore(
    (listener) => {
      restoredListeners.add(listener);
      return () => restoredListeners.delete(listener);
    },
    () => keptDataRestored,
    () => false,
  );
}

/** Keeps what the golfer saw on the device (mounted once by the signed-in layout). */
export function OfflineData({ userId }: { userId: number }) {
  const queryClient = useQueryClient();
  useEffect(() => {
    let stop: (() => void) | null = null;
    let cancelled = false;
    void import("../lib/query-persistence").then((m) => {
      if (cancelled) return;
      const kept = m.startQueryPersistence(queryClient, userId);
      stop = kept.stop;
      void kept.restored.then(markRestored);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [queryClient, userId]);
  return null;
}

function newestData(queryClient: ReturnType<typeof useQueryClient>): number {
  let newest = 0;
  for (const query of queryClient.getQueryCache().getAll()) {
    const path = query.queryKey[0];
    const router = Array.isArray(path) ? path[0] : null;
    if (typeof router !== "string" || router === "auth" || router === "admin") continue;
    if (query.state.status === "success") newest = Math.max(newest, query.state.dataUpdatedAt);
  }
  return newest;
}

// Made on first use, offline only: a page's first Intl.DateTimeFormat loads the locale's calendar
// data on the main thread, a cost the first screen online should not pay (shared/domain/date-text.ts).
let time: Intl.DateTimeFormat | undefined;
function timeText(at: number): string {
  time ??= new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  return time.format(at);
}

/**
 * Offline, a quiet line says the screen shows what the golfer last saw and when
 * (docs/product/routes-and-screens.md#signed-in-layout), instead of errors for being offline.
 */
export function OfflineBanner() {
  // Online, nothing watches the query cache: every query's every event re-checked the newest data
  // and re-rendered the banner (as a sync update) while a page's first queries came in.
  return useOnlineStatus() ? null : <OfflineNotice />;
}

function OfflineNotice() {
  const queryClient = useQueryClient();
  const [cache] = useState(() => queryClient.getQueryCache());
  const seenAt = useSyncExternalStore(
    (listener) => cache.subscribe(listener),
    () => newestData(queryClient),
    () => 0,
  );
  return (
    <p
      role="status"
      className="mb-4 rounded-box border border-base-300 bg-base-100 px-4 py-2 text-sm text-base-content/80"
      data-testid="offline-banner"
    >
      {seenAt > 0
        ? `Offline - showing what you saw at ${timeText(seenAt)}`
        : "Offline - nothing saved on this device yet"}
    </p>
  );
}

import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useCallback, useEffect, useMemo, useState } from "react";
import type { PublicUser } from "../../../../shared/schemas/auth";
import { isNetworkError, isUnauthorized } from "../../../lib/errors";
import { type AuthState, AuthStateContext, currentUserQueryKey } from "../../../lib/session";
import { trpc } from "../../../lib/trpc";
import { takeFirstPaintUser } from "../../../lib/first-paint";
import { type CachedUser, clearCachedUser, readCachedUser, recoveringUser, writeCachedUser } from "../lib/cached-user";

const FIVE_MINUTES_MS = 5 * 60 * 1000;

/**
 * Owns the current-user query (docs/product/rules.md#sessions-csrf-and-rate-limits). Session
 * recovery: while the first server answer is pending, a valid device cache stands in as a temporary
 * user flagged `recovering`, so a reload shows the app at once; the server's answer then decides
 * (401 means no user and drops the cache). Without a cache the app waits for that answer. A failure
 * other than 401 with no confirmed user is treated as no user but keeps the cache, since only a 401
 * says the session is gone.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const utils = trpc.useUtils();
  const [cached] = useState<CachedUser | null>(() => readCachedUser());
  const [signedOutOnPurpose, setSignedOutOnPurpose] = useState(false);

  const me = useQuery<PublicUser | null>({
    queryKey: currentUserQueryKey(),
    queryFn: async () => {
      try {
        return await utils.client.auth.me.query();
      } catch (error) {
        if (isUnauthorized(error)) return null;
        throw error;
      }
    },
    // The HTML the server sent names who is signed in (first paint): no request for it at start.
    initialData: takeFirstPaintUser,
    initialDataUpdatedAt: Date.now,
    staleTime: FIVE_MINUTES_MS,
    refetchOnWindowFocus: true,
    refetchOnMount: true,
    refetchInterval: FIVE_MINUTES_MS,
  });

  useEffect(() => {
    if (me.data) writeCachedUser(me.data);
    else if (me.data === null) clearCachedUser();
  }, [me.data]);

  useEffect(() => {
    if (me.data) setSignedOutOnPurpose(false);
  }, [me.data]);

  const markSignedOutOnPurpose = useCallback(() => setSignedOutOnPurpose(true), []);

  const value = useMemo<AuthState>(() => {
    const base = { signedOutOnPurpose, markSignedOutOnPurpose };
    if (me.data !== undefined) return { ...base, user: me.data, isLoading: false };
    if (me.isPending && cached) return { ...base, user: recoveringUser(cached), isLoading: false };
    // Offline (no answer at all, not a 401): keep the cached golfer so the app opens at the course.
    if (me.isError && cached && isNetworkError(me.error))
      return { ...base, user: recoveringUser(cached), isLoading: false };
    return { ...base, user: null, isLoading: me.isPending };
  }, [me.data, me.isPending, me.isError, me.error, cached, signedOutOnPurpose, markSignedOutOnPurpose]);

  return <AuthStateContext value={value}>{children}</AuthStateContext>;
}

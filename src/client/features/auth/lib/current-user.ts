import type { QueryClient } from "@tanstack/react-query";
import { getQueryKey } from "@trpc/react-query";
import { createContext } from "react";
import type { PublicUser } from "../../../../shared/schemas/auth";
import { trpc } from "../../../lib/trpc";
import { clearCachedUser, type SessionUser, writeCachedUser } from "./cached-user";

/** The tRPC key of `auth.me`, so `utils.auth.me.invalidate()` elsewhere reaches the same query. */
export function currentUserQueryKey() {
  return getQueryKey(trpc.auth.me, undefined, "query");
}

/** Makes `user` the signed-in user everywhere (query data and device cache); null signs out locally. */
export function setCurrentUser(queryClient: QueryClient, user: PublicUser | null) {
  if (user) writeCachedUser(user);
  else clearCachedUser();
  // A current-user fetch still in flight (started before the session changed) must not land on
  // top of this answer.
  void queryClient.cancelQueries({ queryKey: currentUserQueryKey() });
  queryClient.setQueryData<PublicUser | null>(currentUserQueryKey(), user);
}

export type AuthState = {
  user: SessionUser | null;
  isLoading: boolean;
  /** Set by a deliberate logout so guards send the visitor to a plain /auth, without a redirect back. */
  signedOutOnPurpose: boolean;
  markSignedOutOnPurpose: () => void;
};

export const AuthStateContext = createContext<AuthState | null>(null);

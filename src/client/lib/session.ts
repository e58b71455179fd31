import { getQueryKey } from "@trpc/react-query";
import { createContext } from "react";
import type { PublicUser } from "../../shared/schemas/auth";
import { trpc } from "./trpc";

// Who is signed in is app-wide state, read by nearly every feature, the guards and the query
// client; signing in and out stays in features/auth, which provides this context.

/** The user the app works with; `recovering` marks one taken from the device cache, not yet confirmed by the server. */
export type SessionUser = PublicUser & { recovering?: true };

export type AuthState = {
  user: SessionUser | null;
  isLoading: boolean;
  /** Set by a deliberate logout so guards send the visitor to a plain /auth, without a redirect back. */
  signedOutOnPurpose: boolean;
  markSignedOutOnPurpose: () => void;
};

export const AuthStateContext = createContext<AuthState | null>(null);

/** The tRPC key of `auth.me`, so `utils.auth.me.invalidate()` elsewhere reaches the same query. */
export function currentUserQueryKey() {
  return getQueryKey(trpc.auth.me, undefined, "query");
}

import { useContext } from "react";
import { AuthStateContext, type AuthState } from "../lib/session";

/** The signed-in user (null when signed out) and whether the first answer is still pending. */
export function useCurrentUser(): Omit<AuthState, "markSignedOutOnPurpose"> {
  const state = useContext(AuthStateContext);
  if (!state) throw new Error("useCurrentUser must be used inside AuthProvider");
  return { user: state.user, isLoading: state.isLoading, signedOutOnPurpose: state.signedOutOnPurpose };
}

import { useQueryClient } from "@tanstack/react-query";
import { useContext } from "react";
import { useNavigate } from "../../../lib/router";
import type { LoginInput, PublicUser, RegisterInput } from "../../../../shared/schemas/auth";
import { errorMessage, isUnauthorized } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { trpc } from "../../../lib/trpc";
import { markNewAccount } from "../../../lib/first-visit";
import { AuthStateContext, currentUserQueryKey } from "../../../lib/session";
import { setCurrentUser } from "../lib/current-user";

const nameOf = (user: PublicUser) => user.displayName || user.username;

/** A sign-in or sign-up: the user, or the refusal (already toasted) for the form to show too. */
export type AuthOutcome = { user: PublicUser; error?: undefined } | { user: null; error: string };

/**
 * The signed-in user and the actions that change it. Success and failure toasts are raised here
 * (docs/product/texts-and-messages.md#sign-in-page) so every sign-in surface behaves alike; the returned promises resolve to the user, or
 * to the failure's message (already toasted) so the form can write it next to its fields.
 */
export function useAuth() {
  const state = useContext(AuthStateContext);
  if (!state) throw new Error("useAuth must be used inside AuthProvider");
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const loginMutation = trpc.auth.login.useMutation();
  const registerMutation = trpc.auth.register.useMutation();
  const logoutMutation = trpc.auth.logout.useMutation();

  async function login(input: LoginInput): Promise<AuthOutcome> {
    try {
      const user = await loginMutation.mutateAsync(input);
      setCurrentUser(queryClient, user);
      toast({ title: "Login successful", description: `Welcome back, ${nameOf(user)}!` });
      return { user };
    } catch (error) {
      const message = errorMessage(error, "Login failed");
      toast({ title: "Login failed", description: message, variant: "destructive" });
      return { user: null, error: message };
    }
  }

  async function register(input: RegisterInput): Promise<AuthOutcome> {
    try {
      const user = await registerMutation.mutateAsync(input);
      markNewAccount(user.id);
      setCurrentUser(queryClient, user);
      toast({ title: "Registration successful", description: `Welcome to Birdie Challenge, ${nameOf(user)}!` });
      return { user };
    } catch (error) {
      const message = errorMessage(error, "Registration failed");
      toast({ title: "Registration failed", description: message, variant: "destructive" });
      return { user: null, error: message };
    }
  }

  /** Forgets the signed-in golfer on this device and goes to /auth with `notice` as the toast. */
  async function signOutLocally(notice: { title: string; description: string }) {
    state?.markSignedOutOnPurpose();
    setCurrentUser(queryClient, null);
    // The next person on this device must not see the previous user's data.
    const meKey = JSON.stringify(currentUserQueryKey());
    queryClient.removeQueries({ predicate: (query) => JSON.stringify(query.queryKey) !== meKey });
    toast(notice);
    await navigate("/auth", { replace: true });
  }

  async function logout(): Promise<boolean> {
    try {
      await logoutMutation.mutateAsync();
    } catch (error) {
      // A 401 means the server session is already gone: finish signing out locally.
      if (!isUnauthorized(error)) {
        toast({ title: "Logout failed", description: errorMessage(error, "Logout failed"), variant: "destructive" });
        return false;
      }
    }
    await signOutLocally({ title: "Logged out", description: "You have been successfully logged out." });
    return true;
  }

  return {
    user: state.user,
    isLoading: state.isLoading,
    signedOutOnPurpose: state.signedOutOnPurpose,
    login,
    register,
    logout,
    signOutLocally,
    isLoggingIn: loginMutation.isPending,
    isRegistering: registerMutation.isPending,
    isLoggingOut: logoutMutation.isPending,
  };
}

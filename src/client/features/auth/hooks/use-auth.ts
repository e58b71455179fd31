import { useQueryClient } from "@tanstack/react-query";
import { useContext } from "react";
import { useNavigate } from "react-router";
import type { LoginInput, PublicUser, RegisterInput } from "../../../../shared/schemas/auth";
import { errorMessage, isUnauthorized } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { trpc } from "../../../lib/trpc";
import { AuthStateContext, currentUserQueryKey } from "../../../lib/session";
import { setCurrentUser } from "../lib/current-user";

const nameOf = (user: PublicUser) => user.displayName || user.username;

/**
 * The signed-in user and the actions that change it. Success and failure toasts are raised here
 * (docs/product/texts-and-messages.md#sign-in-page) so every sign-in surface behaves alike; the
 * returned promises resolve to the user, or null after a failure that has already been reported.
 */
export function useAuth() {
  const state = useContext(AuthStateContext);
  if (!state) throw new Error("useAuth must be used inside AuthProvider");
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  const loginMutation = trpc.auth.login.useMutation();
  const registerMutation = trpc.auth.register.useMutation();
  const logoutMutation = trpc.auth.logout.useMutation();

  async function login(input: LoginInput): Promise<PublicUser | null> {
    try {
      const user = await loginMutation.mutateAsync(input);
      setCurrentUser(queryClient, user);
      toast({ title: "Login successful", description: `Welcome back, ${nameOf(user)}!` });
      return user;
    } catch (error) {
      toast({ title: "Login failed", description: errorMessage(error, "Login failed"), variant: "destructive" });
      return null;
    }
  }

  async function register(input: RegisterInput): Promise<PublicUser | null> {
    try {
      const user = await registerMutation.mutateAsync(input);
      setCurrentUser(queryClient, user);
      toast({ title: "Registration successful", description: `Welcome to Birdie Challenge, ${nameOf(user)}!` });
      return user;
    } catch (error) {
      toast({
        title: "Registration failed",
        description: errorMessage(error, "Registration failed"),
        variant: "destructive",
      });
      return null;
    }
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
    state?.markSignedOutOnPurpose();
    setCurrentUser(queryClient, null);
    // The next person on this device must not see the previous user's data.
    const meKey = JSON.stringify(currentUserQueryKey());
    queryClient.removeQueries({ predicate: (query) => JSON.stringify(query.queryKey) !== meKey });
    toast({ title: "Logged out", description: "You have been successfully logged out." });
    await navigate("/auth", { replace: true });
    return true;
  }

  return {
    user: state.user,
    isLoading: state.isLoading,
    signedOutOnPurpose: state.signedOutOnPurpose,
    login,
    register,
    logout,
    isLoggingIn: loginMutation.isPending,
    isRegistering: registerMutation.isPending,
    isLoggingOut: logoutMutation.isPending,
  };
}

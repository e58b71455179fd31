import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useId, useState } from "react";
import { flushSync } from "react-dom";
import { Link, Navigate, useNavigate, useSearchParams } from "../../../lib/router";
import { AlertIcon, ShieldIcon } from "../../../components/ui/icons";
import { TextField } from "../../../components/ui/text-field";
import { errorMessage } from "../../../lib/errors";
import { focusFirstInvalid } from "../../../lib/focus";
import { useSchemaForm } from "../../../lib/use-schema-form";
import { toast } from "../../../lib/toast";
import { trpc } from "../../../lib/trpc";
import type { PublicUser } from "../../../../shared/schemas/auth";
import { loginSchema, setCurrentUser, useAuth } from "../../auth/public";
import { adminTargetOf } from "../lib/admin-target";
import { usePageTitle } from "../../../hooks/use-page-title";

export const NOT_AN_ADMIN = "This account is not an admin";

/**
 * The admin sign-in (docs/product/routes-and-screens.md#admin-sign-in). It signs in through
 * auth.login but only adopts the session for an admin: anyone else is signed out again at once and
 * told why, so a player never lands half signed in on an admin page.
 */
export function AdminLoginPage() {
  usePageTitle("Admin Sign In");
  const { user } = useAuth();
  const [searchParams] = useSearchParams();
  const target = adminTargetOf(searchParams.get("redirect"));
  if (user?.isAdmin) return <Navigate to={target} replace />;

  return (
    <section className="mx-auto max-w-md">
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-5">
          <div className="flex flex-col items-center gap-2 text-center">
            <span
              className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-3xl text-primary"
              aria-hidden="true"
            >
              <ShieldIcon />
            </span>
            <h1 className="text-2xl font-bold">Admin Sign In</h1>
            <p className="text-sm text-base-content/70">Sign in with an admin account to manage Birdie Challenge.</p>
          </div>
          {user ? <SignedInAsPlayer name={user.displayName || user.username} /> : <AdminLoginForm target={target} />}
        </div>
      </div>
    </section>
  );
}

function AdminLoginForm({ target }: { target: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const login = trpc.auth.login.useMutation();
  const logout = trpc.auth.logout.useMutation();
  const { values, setValues, errors, update, validate } = useSchemaForm(loginSchema, { username: "", password: "" });
  const [failure, setFailure] = useState<string | null>(null);
  const failureId = useId();
  const busy = login.isPending || logout.isPending;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    setFailure(null);
    const input = await validate(form);
    if (!input) return;
    // The refusal is about the pair: both fields point at the message and focus returns to them.
    const refuse = (message: string) => {
      flushSync(() => setFailure(message));
      focusFirstInvalid(form);
    };
    let signedIn: PublicUser;
    try {
      signedIn = await login.mutateAsync(input);
    } catch (error) {
      refuse(errorMessage(error, "Login failed"));
      return;
    }
    if (!signedIn.isAdmin) {
      // The password was right but this is not an admin: end the session just made.
      await logout.mutateAsync().catch(() => undefined);
      setValues((v) => ({ ...v, password: "" }));
      refuse(NOT_AN_ADMIN);
      return;
    }
    setCurrentUser(queryClient, signedIn);
    toast({ title: "Login successful", description: `Welcome back, ${signedIn.displayName || signedIn.username}!` });
    await navigate(target, { replace: true });
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Admin sign in">
      {failure && (
        <div role="alert" className="alert alert-error alert-soft">
          <AlertIcon className="text-lg" />
          <span id={failureId}>{failure}</span>
        </div>
      )}
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={values.username}
        onChange={update("username")}
        error={errors.username}
        invalid={failure !== null}
        describedBy={failure ? failureId : undefined}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={values.password}
        onChange={update("password")}
        error={errors.password}
        invalid={failure !== null}
        describedBy={failure ? failureId : undefined}
      />
      <button
        type="submit"
        className={`btn btn-primary mt-1 w-full ${busy ? "btn-disabled" : ""}`}
        aria-disabled={busy || undefined}
      >
        {busy && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {busy ? "Signing in..." : "Sign in"}
      </button>
      <Link to="/auth" className="link link-primary self-center py-2 text-sm">
        Not an admin? Go to the player sign-in
      </Link>
    </form>
  );
}

/** A player who is already signed in and opens the admin sign-in. */
function SignedInAsPlayer({ name }: { name: string }) {
  const { logout, isLoggingOut } = useAuth();
  const navigate = useNavigate();
  return (
    <div className="flex flex-col gap-3">
      <div role="alert" className="alert alert-warning alert-soft">
        <AlertIcon className="text-lg" />
        <span>
          {NOT_AN_ADMIN}. You are signed in as <strong>{name}</strong>.
        </span>
      </div>
      <button
        type="button"
        className="btn btn-primary w-full"
        disabled={isLoggingOut}
        onClick={async () => {
          if (await logout()) await navigate("/admin/login", { replace: true });
        }}
      >
        Sign out and use an admin account
      </button>
      <Link to="/" className="btn btn-ghost w-full">
        Back to Birdie Challenge
      </Link>
    </div>
  );
}

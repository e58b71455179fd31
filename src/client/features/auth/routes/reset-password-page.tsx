import { useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Link, useNavigate, useParams } from "../../../lib/router";
import { INVALID_RESET_LINK, passwordResetSchema } from "../../../../shared/schemas/recovery";
import { FormFailure } from "../../../components/ui/form-failure";
import { TextField } from "../../../components/ui/text-field";
import { usePageTitle } from "../../../hooks/use-page-title";
import { errorMessage } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { useResetPassword } from "../hooks/use-recovery";
import { setCurrentUser } from "../lib/current-user";

const TOKEN = /^[a-z2-7]{52}$/;

/**
 * /reset-password/{token}: the link of a password reset mail. A new password (the sign-up rules),
 * then the golfer is signed in here and signed out everywhere else
 * (docs/product/routes-and-screens.md#reset-password).
 */
export function ResetPasswordPage() {
  const { token = "" } = useParams();
  usePageTitle("Reset Password");
  const [password, setPassword] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(TOKEN.test(token) ? null : INVALID_RESET_LINK);
  const reset = useResetPassword();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const fieldRef = useRef<HTMLInputElement>(null);
  const linkDead = failure === INVALID_RESET_LINK;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (reset.isPending || linkDead) return;
    const parsed = passwordResetSchema.safeParse({ password });
    if (!parsed.success) {
      flushSync(() => setFieldError(parsed.error.issues[0]?.message ?? "Password must be at least 6 characters"));
      fieldRef.current?.focus();
      return;
    }
    setFieldError(null);
    setFailure(null);
    try {
      const user = await reset.mutateAsync({ token, ...parsed.data });
      setCurrentUser(queryClient, user);
      toast({ title: "Password changed", description: "You are signed in with your new password." });
      void navigate("/", { replace: true });
    } catch (error) {
      const message = errorMessage(error, "Your password could not be changed. Please try again.");
      flushSync(() => setFailure(message));
      document.getElementById("reset-failure")?.focus();
    }
  }

  return (
    <section className="mx-auto flex w-full max-w-md flex-col gap-5 py-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Reset Password</h1>
        <p className="mt-1 text-base-content/70">Choose a new password for your account.</p>
      </div>
      <div className="card border border-base-300 bg-base-100 shadow-sm">
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="card-body gap-4 p-5 sm:p-6">
          <FormFailure id="reset-failure" message={failure} />
          {linkDead ? (
            <Link to="/auth" className="btn btn-primary">
              Back to login
            </Link>
          ) : (
            <>
              <TextField
                label="New password"
                name="password"
                type="password"
                autoComplete="new-password"
                ref={fieldRef}
                value={password}
                onChange={(e) => {
                  setPassword(e.target.value);
                  setFieldError(null);
                }}
                error={fieldError ?? undefined}
                hint="At least 6 characters. You will be signed out on every other device."
              />
              <button type="submit" className="btn btn-primary" disabled={reset.isPending}>
                {reset.isPending ? "Saving..." : "Set New Password"}
              </button>
            </>
          )}
        </form>
      </div>
    </section>
  );
}

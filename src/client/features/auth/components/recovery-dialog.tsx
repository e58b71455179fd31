import { type FormEvent, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { passwordResetRequestSchema } from "../lib/form-schemas";
import { parseWith, usePreloadedSchema } from "../../../lib/lazy-schema";
import { Dialog } from "../../../components/ui/dialog";
import { TextField } from "../../../components/ui/text-field";
import { errorMessage } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { useMailEnabled, useRequestPasswordReset } from "../hooks/use-recovery";

// The dialog asks the server for a reset link by e-mail; a server that cannot send e-mail says so
// and to ask an admin (docs/product/routes-and-screens.md#sign-in, docs/product/rules.md#password-reset-and-e-mail).

export const MAIL_DISABLED_TEXT = "This server cannot send e-mail. Please ask an admin to reset your password.";

type RecoveryState = "idle" | "sending" | "sent";
type RecoveryDialogProps = { open: boolean; onClose: () => void };

export function RecoveryDialog({ open, onClose }: RecoveryDialogProps) {
  const [identifier, setIdentifier] = useState("");
  const [state, setState] = useState<RecoveryState>("idle");
  const [sentMessage, setSentMessage] = useState("");
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const { mailEnabled, isLoading } = useMailEnabled();
  const request = useRequestPasswordReset();
  usePreloadedSchema(passwordResetRequestSchema);

  function close() {
    setState("idle");
    setIdentifier("");
    setError(null);
    onClose();
  }

  function showError(message: string) {
    // Written under the field and read with it, focus back in it.
    flushSync(() => setError(message));
    inputRef.current?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state !== "idle") return;
    const parsed = await parseWith(passwordResetRequestSchema, { identifier });
    if (!parsed) return;
    if (!parsed.success) {
      showError(parsed.error.issues[0]?.message ?? "Please enter your username or email");
      return;
    }
    setError(null);
    setState("sending");
    try {
      const result = await request.mutateAsync(parsed.data);
      setSentMessage(result.message);
      setState("sent");
    } catch (err) {
      setState("idle");
      const message = errorMessage(err, "The reset link could not be sent. Please try again.");
      showError(message);
      toast({ title: "Account recovery failed", description: message, variant: "destructive" });
    }
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Account Recovery"
      description={
        mailEnabled || isLoading
          ? "Enter your username or the email address of your account and we'll send you a link to choose a new password."
          : MAIL_DISABLED_TEXT
      }
    >
      {mailEnabled ? (
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-4">
          <TextField
            label="Username or email"
            name="identifier"
            type="text"
            autoComplete="username"
            ref={inputRef}
            value={identifier}
            onChange={(e) => {
              setIdentifier(e.target.value);
              setError(null);
            }}
            // Read-only, not disabled, while sending: the value stays readable and in the tab order.
            readOnly={state !== "idle"}
            error={error ?? undefined}
          />
          {state === "sent" && (
            <p role="status" className="rounded-box bg-success/10 p-3 text-sm text-success">
              {sentMessage}
            </p>
          )}
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className="btn btn-ghost" onClick={close}>
              Back to login
            </button>
            {/* Only aria-disabled once pressed: disabling the focused button would drop focus to <body>. */}
            <button
              type="submit"
              className={`btn btn-primary ${state === "idle" ? "" : "btn-disabled"}`}
              aria-disabled={state !== "idle" || undefined}
            >
              {state === "sending" && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              {state === "idle" && "Send reset link"}
              {state === "sending" && "Sending..."}
              {state === "sent" && "Email Sent"}
            </button>
          </div>
        </form>
      ) : (
        <div className="flex justify-end">
          <button type="button" className="btn btn-primary" onClick={close}>
            Back to login
          </button>
        </div>
      )}
    </Dialog>
  );
}

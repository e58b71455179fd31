import { type FormEvent, useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { Dialog } from "../../../components/ui/dialog";
import { TextField } from "../../../components/ui/text-field";
import { toast } from "../../../lib/toast";

// No recovery e-mail is sent; the dialog only simulates the request
// (docs/product/routes-and-screens.md#sign-in, docs/product/rules.md#decided-not-built-yet).
const SIMULATED_SEND_MS = 1500;

const INVALID_EMAIL = { title: "Invalid email", description: "Please enter a valid email address" };

type RecoveryState = "idle" | "sending" | "sent";
type RecoveryDialogProps = { open: boolean; onClose: () => void };

export function RecoveryDialog({ open, onClose }: RecoveryDialogProps) {
  const [email, setEmail] = useState("");
  const [state, setState] = useState<RecoveryState>("idle");
  const [error, setError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  function close() {
    clearTimeout(timer.current);
    setState("idle");
    setEmail("");
    setError(null);
    onClose();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state !== "idle") return;
    const trimmed = email.trim();
    if (!trimmed?.includes("@")) {
      // Written under the field and read with it, focus back in it; the product's toast says it too.
      flushSync(() => setError(INVALID_EMAIL.description));
      inputRef.current?.focus();
      toast({ ...INVALID_EMAIL, variant: "destructive" });
      return;
    }
    setError(null);
    setState("sending");
    timer.current = setTimeout(() => setState("sent"), SIMULATED_SEND_MS);
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Account Recovery"
      description="Enter the email address of your account and we'll send you instructions to recover your username or reset your password."
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <TextField
          label="Email"
          name="recoveryEmail"
          type="email"
          autoComplete="email"
          inputMode="email"
          ref={inputRef}
          value={email}
          onChange={(e) => {
            setEmail(e.target.value);
            setError(null);
          }}
          // Read-only, not disabled, while sending: the value stays readable and in the tab order.
          readOnly={state !== "idle"}
          error={error ?? undefined}
        />
        {state === "sent" && (
          <p role="status" className="rounded-box bg-success/10 p-3 text-sm text-success">
            Recovery email sent! Please check your inbox for further instructions.
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
            {state === "idle" && "Send recovery email"}
            {state === "sending" && "Sending..."}
            {state === "sent" && "Email Sent"}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

import { type FormEvent, useId, useRef, useState } from "react";
import { MailIcon } from "../../../components/ui/icons";
import { errorMessage } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { useInviteByEmail, useServerSendsMail } from "../hooks/use-challenges";
import type { InviteEmailsCheck } from "../lib/invite-emails";

// The address check runs the shared zod schema; zod is loaded when the golfer first types an
// address (or submits), so a challenge page opens without it (ADR 0048).
const loadCheck = () => import("../lib/invite-emails");

/**
 * "Invite by email" on the invite card (docs/product/rules.md#invite-by-e-mail): up to 10
 * addresses mailed the invitation link. Where the server cannot send mail it says so instead of
 * offering a form that would fail.
 */
export function InviteByEmail({ challengeId }: { challengeId: number }) {
  const { mailEnabled, isLoading } = useServerSendsMail();
  const send = useInviteByEmail();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<{ kind: "sent" | "failed"; message: string } | null>(null);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const outcomeRef = useRef<HTMLParagraphElement>(null);
  const checking = useRef(false);
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  if (isLoading) return null;
  if (!mailEnabled) {
    return (
      <p className="text-sm text-base-content/70">This server cannot send e-mail. Share the link or the PIN instead.</p>
    );
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (send.isPending || checking.current) return;
    setOutcome(null);
    // A second tap while the check's module still loads must not send the invitations twice.
    checking.current = true;
    let check: InviteEmailsCheck;
    try {
      check = (await loadCheck()).checkInviteEmails(text);
    } catch {
      // The module could not load (a new release replaced it, or no network without the cache).
      check = { ok: false, message: "The addresses could not be checked. Please try again." };
    } finally {
      checking.current = false;
    }
    if (!check.ok) {
      setError(check.message);
      fieldRef.current?.focus();
      return;
    }
    setError(null);
    try {
      const result = await send.mutateAsync({ challengeId, emails: check.emails });
      setText("");
      setOutcome({ kind: "sent", message: result.message });
      toast({ title: "Invitations sent", description: result.message });
    } catch (failure) {
      const message = errorMessage(failure, "The invitations could not be sent. Please try again.");
      setOutcome({ kind: "failed", message });
      toast({ title: "Invitations not sent", description: message, variant: "destructive" });
      requestAnimationFrame(() => outcomeRef.current?.focus());
    }
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="flex flex-col gap-1.5" aria-label="Invite by email">
      <label htmlFor={id} className="text-sm font-medium">
        Invite by email
      </label>
      <textarea
        ref={fieldRef}
        id={id}
        rows={2}
        className={`textarea w-full ${error ? "textarea-error" : ""}`}
        placeholder="friend@example.com, another@example.com"
        autoComplete="off"
        value={text}
        onFocus={() => void loadCheck().catch(() => {})}
        onChange={(e) => {
          setText(e.target.value);
          setError(null);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : hintId}
      />
      {error ? (
        <p id={errorId} className="text-sm text-error">
          {error}
        </p>
      ) : (
        <p id={hintId} className="text-xs text-base-content/70">
          Up to 10 addresses, separated by commas or spaces. Each gets the invite link.
        </p>
      )}
      <button
        type="submit"
        className={`btn btn-outline ${send.isPending ? "btn-disabled" : ""}`}
        aria-disabled={send.isPending || undefined}
      >
        <MailIcon />
        {send.isPending ? "Sending..." : "Send invitations"}
      </button>
      {outcome && (
        <p
          ref={outcomeRef}
          tabIndex={-1}
          role={outcome.kind === "failed" ? "alert" : "status"}
          className={`text-sm outline-none ${outcome.kind === "failed" ? "text-error" : ""}`}
        >
          {outcome.kind === "failed" ? `Invitations not sent: ${outcome.message}` : outcome.message}
        </p>
      )}
    </form>
  );
}

import { useState } from "react";
import { errorMessage } from "../../../lib/errors";
import { useEmailStatus, useMailEnabled, useResendEmailConfirmation } from "../hooks/use-recovery";

/**
 * The non-blocking "please confirm your e-mail" banner of the signed-in layout: shown until the
 * address is confirmed, and only where the server can send the link
 * (docs/product/routes-and-screens.md#signed-in-layout).
 */
export function EmailConfirmBanner() {
  const { mailEnabled } = useMailEnabled();
  const status = useEmailStatus(mailEnabled);
  const resend = useResendEmailConfirmation();
  const [note, setNote] = useState<string | null>(null);
  if (!mailEnabled || !status.data || status.data.verified) return null;

  async function onResend() {
    if (resend.isPending) return;
    try {
      setNote((await resend.mutateAsync()).message);
    } catch (error) {
      setNote(errorMessage(error, "The link could not be sent. Please try again."));
    }
  }

  return (
    <section
      aria-label="Confirm your email"
      className="mb-4 flex flex-wrap items-center justify-between gap-2 rounded-box border border-warning/60 bg-warning/10 p-3 text-sm"
    >
      {/* Wraps at 200% text: a long address breaks anywhere, the button goes under the text. */}
      <p className="min-w-0 flex-[1_1_16rem] wrap-anywhere">
        Please confirm your email address: we sent a link to <strong>{status.data.email}</strong>.
      </p>
      <div className="flex min-w-0 max-w-full flex-col gap-1">
        <button
          type="button"
          className="btn btn-sm h-auto min-h-11 max-w-full whitespace-normal btn-outline"
          onClick={() => void onResend()}
          aria-disabled={resend.isPending || undefined}
        >
          Send the link again
        </button>
        <p role="status" className="text-xs">
          {note}
        </p>
      </div>
    </section>
  );
}

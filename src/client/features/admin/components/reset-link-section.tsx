import { useState } from "react";
import type { AdminUser } from "../../../../shared/schemas/admin";
import { errorMessage } from "../../../lib/errors";
import { trpc } from "../../../lib/trpc";

/**
 * Admin -> user -> Password reset: mail the golfer a reset link, or make a one-time link to hand
 * over when the server cannot send e-mail (docs/product/routes-and-screens.md#admin-users). Both
 * are audited; the one-time link is shown once.
 */
export function ResetLinkSection({ user }: { user: AdminUser }) {
  const utils = trpc.useUtils();
  const config = trpc.config.get.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });
  const mailEnabled = config.data?.mailEnabled ?? false;
  const refresh = () => void utils.admin.users.detail.invalidate({ userId: user.id });
  const send = trpc.admin.users.sendResetLink.useMutation({ onSettled: refresh });
  const create = trpc.admin.users.createResetLink.useMutation({ onSettled: refresh });
  const [note, setNote] = useState<string | null>(null);
  const [link, setLink] = useState<string | null>(null);
  const busy = send.isPending || create.isPending;

  async function onSend() {
    if (busy) return;
    setLink(null);
    try {
      setNote((await send.mutateAsync({ userId: user.id })).message);
    } catch (error) {
      setNote(errorMessage(error, "The reset link could not be sent."));
    }
  }

  async function onCreate() {
    if (busy) return;
    setNote(null);
    try {
      setLink((await create.mutateAsync({ userId: user.id })).url);
    } catch (error) {
      setNote(errorMessage(error, "The reset link could not be made."));
    }
  }

  return (
    <section aria-labelledby="user-reset-title" className="space-y-2">
      <h3 id="user-reset-title" className="font-semibold">
        Password reset
      </h3>
      <div className="flex flex-wrap gap-2">
        {mailEnabled && (
          <button type="button" className="btn btn-sm min-h-11" onClick={() => void onSend()} disabled={busy}>
            Send reset link
          </button>
        )}
        <button type="button" className="btn btn-sm min-h-11" onClick={() => void onCreate()} disabled={busy}>
          Make one-time link
        </button>
      </div>
      <p role="status" className="text-sm">
        {note}
      </p>
      {link && (
        <div className="space-y-1">
          <label htmlFor="one-time-reset-link" className="text-sm">
            Hand this link over yourself: it works once, for 30 minutes, and is not shown again.
          </label>
          <input
            id="one-time-reset-link"
            className="input input-sm w-full font-mono"
            readOnly
            value={link}
            onFocus={(e) => e.currentTarget.select()}
          />
        </div>
      )}
    </section>
  );
}

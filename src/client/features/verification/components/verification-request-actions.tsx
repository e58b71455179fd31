import { useState } from "react";
import { Link } from "../../../lib/router";
import { announce } from "../../../lib/announce";
import { errorMessage } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { recordIdsOf } from "../lib/format";
import { usePendingVerifications, useVerificationActions } from "../hooks/use-verification";

/**
 * Confirm or dispute straight from a "named you as partner" notification (the bell's list): the
 * records it names that still wait for the caller. Confirm answers them all; Dispute opens the
 * /verifications page, where each record takes its reason.
 */
export function VerificationRequestActions({ url, onDone }: { url: string; onDone?: () => void }) {
  const ids = recordIdsOf(url);
  const pending = usePendingVerifications();
  const { confirm } = useVerificationActions();
  const [working, setWorking] = useState(false);
  const waiting = (pending.data ?? []).filter((p) => ids.includes(p.id));
  if (pending.isLoading) return null;
  if (!waiting.length) {
    return (
      <p className="text-sm text-base-content/70" data-testid="verification-answered">
        Answered
      </p>
    );
  }
  async function confirmAll() {
    if (working) return;
    setWorking(true);
    try {
      for (const p of waiting) await confirm.mutateAsync({ id: p.id });
      const text = waiting.length === 1 ? "Record confirmed" : `${waiting.length} records confirmed`;
      toast({ title: text });
      announce(text);
      onDone?.();
    } catch (e) {
      toast({ title: "Could not confirm", description: errorMessage(e, "Please try again."), variant: "destructive" });
    } finally {
      setWorking(false);
    }
  }
  return (
    <div className="mt-2 flex flex-wrap gap-2" data-testid="verification-request-actions">
      <button
        type="button"
        className="btn btn-success btn-sm min-h-11"
        aria-disabled={working || undefined}
        onClick={() => void confirmAll()}
      >
        {working && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {waiting.length === 1 ? "Confirm" : `Confirm all ${waiting.length}`}
      </button>
      <Link to={url} className="btn btn-outline btn-error btn-sm min-h-11" onClick={onDone}>
        Dispute…
      </Link>
    </div>
  );
}

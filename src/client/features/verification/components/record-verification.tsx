import { useId, useState } from "react";
import {
  ACTION_FROM,
  STATUS_LABEL,
  type VerificationAction,
  type VerificationStatus,
} from "../../../../shared/domain/verification";
import { useCurrentUser } from "../../../hooks/use-current-user";
import { announce } from "../../../lib/announce";
import { errorMessage } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { formatDateTime } from "../lib/format";
import { useRecordHistory, useVerificationActions } from "../hooks/use-verification";
import { ReasonForm } from "./reason-form";

export type VerifiableRecord = {
  id: number;
  userId: number;
  partnerUserId: number | null;
  verificationStatus: VerificationStatus;
};

type RecordVerificationProps = {
  record: VerifiableRecord;
  /** The challenge's creator, when known: they may dispute, void and restore. */
  creatorId?: number;
  /** The caller is the named partner (the /verifications list, which names no partner id). */
  partner?: boolean;
};

const DONE: Record<VerificationAction, string> = {
  confirm: "Record confirmed",
  dispute: "Record disputed",
  void: "Record voided",
  restore: "Record restored",
};

/**
 * What a viewer may do with one record (docs/product/rules.md#verification): the named partner
 * confirms or disputes, the creator disputes, voids and restores; and every member reads its
 * history (who, when, from what to what, why).
 */
export function RecordVerification({ record, creatorId, partner = false }: RecordVerificationProps) {
  const { user } = useCurrentUser();
  const [showHistory, setShowHistory] = useState(false);
  const [asking, setAsking] = useState<"dispute" | "void" | null>(null);
  const [error, setError] = useState<string | null>(null);
  const actions = useVerificationActions();
  const historyId = useId();
  const history = useRecordHistory(record.id, showHistory);
  const viewer = user?.id ?? 0;
  const isPartner = partner || (viewer !== 0 && record.partnerUserId === viewer);
  const isCreator = creatorId !== undefined && creatorId === viewer;
  const moderator = isCreator || Boolean(user?.isAdmin);
  const status = record.verificationStatus;
  const can = (action: VerificationAction) => ACTION_FROM[action].includes(status);
  const busy =
    actions.confirm.isPending || actions.dispute.isPending || actions.void.isPending || actions.restore.isPending;

  async function run(action: VerificationAction, reason?: string) {
    setError(null);
    try {
      if (action === "confirm") await actions.confirm.mutateAsync({ id: record.id });
      else if (action === "dispute") await actions.dispute.mutateAsync({ id: record.id, reason: reason ?? "" });
      else if (action === "void") await actions.void.mutateAsync({ id: record.id, reason: reason ?? "" });
      else await actions.restore.mutateAsync({ id: record.id });
      setAsking(null);
      toast({ title: DONE[action] });
      announce(DONE[action]);
    } catch (e) {
      const message = errorMessage(e, "Could not change the record.");
      setError(message);
      if (!asking) toast({ title: "Could not change the record", description: message, variant: "destructive" });
    }
  }

  const buttons: { action: VerificationAction; label: string; className: string }[] = [];
  if (isPartner && can("confirm")) buttons.push({ action: "confirm", label: "Confirm", className: "btn-success" });
  if ((isPartner || isCreator) && can("dispute"))
    buttons.push({ action: "dispute", label: "Dispute", className: "btn-outline btn-error" });
  if (moderator && can("void")) buttons.push({ action: "void", label: "Void", className: "btn-outline" });
  if (moderator && can("restore")) buttons.push({ action: "restore", label: "Restore", className: "btn-outline" });

  return (
    <div className="mt-2" data-testid="record-verification">
      <div className="flex flex-wrap gap-2">
        {buttons.map((b) => (
          <button
            key={b.action}
            type="button"
            className={`btn btn-sm min-h-11 ${b.className}`}
            aria-disabled={busy || undefined}
            onClick={() => {
              if (busy) return;
              if (b.action === "dispute" || b.action === "void") setAsking(b.action);
              else void run(b.action);
            }}
          >
            {b.label}
          </button>
        ))}
        <button
          type="button"
          className="btn btn-ghost btn-sm min-h-11"
          aria-expanded={showHistory}
          aria-controls={historyId}
          onClick={() => setShowHistory((v) => !v)}
        >
          History
        </button>
      </div>
      {asking && (
        <ReasonForm
          verb={asking === "dispute" ? "Dispute" : "Void"}
          label={asking === "dispute" ? "Why do you dispute this record?" : "Why do you void this record?"}
          pending={busy}
          error={error}
          onSubmit={(reason) => void run(asking, reason)}
          onCancel={() => {
            setAsking(null);
            setError(null);
          }}
        />
      )}
      {showHistory && (
        <div id={historyId} className="mt-2">
          {history.isLoading ? (
            <p className="text-sm text-base-content/70">Loading history…</p>
          ) : history.isError ? (
            <p className="text-sm text-error">{errorMessage(history.error, "Could not load the history.")}</p>
          ) : (
            <ol className="space-y-1 text-sm" aria-label="Record history" data-testid="record-history">
              {(history.data ?? []).map((e) => (
                <li key={e.id} className="break-words">
                  <span className="font-medium">
                    {e.from ? STATUS_LABEL[e.to] : `Recorded as ${STATUS_LABEL[e.to].toLowerCase()}`}
                  </span>
                  {" by "}
                  {e.actor?.displayName ?? "a deleted golfer"}, <time dateTime={e.at}>{formatDateTime(e.at)}</time>
                  {e.reason && <span className="block text-base-content/70">Reason: {e.reason}</span>}
                </li>
              ))}
            </ol>
          )}
        </div>
      )}
    </div>
  );
}

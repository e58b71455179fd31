import { useState } from "react";
import { ShieldIcon } from "../../../components/ui/icons";
import type { BirdieRecord } from "../../../../shared/schemas/birdies";
import { formatPlayedDate, recordsForHole, typeName } from "../lib/hole-records";
import { Dialog } from "../../../components/ui/dialog";
import { RecordVerification, StatusBadge } from "../../verification/public";
import { VerificationDrawer } from "./verification-drawer";

type HoleDetailsDialogProps = {
  /** The hole to show; null keeps the dialog closed. */
  hole: number | null;
  /** Every record of the player in the challenge (the dialog picks the hole's own). */
  records: readonly BirdieRecord[] | undefined;
  isLoading?: boolean;
  /** The challenge's creator, when known: they may dispute, void and restore records here. */
  creatorId?: number;
  onClose: () => void;
};

/** Why a record does not count (docs/product/rules.md#verification). */
function notCountedText(record: BirdieRecord): string {
  switch (record.verificationStatus) {
    case "pending":
      return "Not counted yet: waiting for the partner's confirmation";
    case "signed":
      return "Not counted: this challenge counts only records the partner confirms";
    case "disputed":
      return "Not counted: disputed, until the creator resolves it";
    case "voided":
      return "Not counted: voided by the creator";
    default:
      return "Not counted: this hole was later eagled";
  }
}

/**
 * 'Hole N Details' (docs/product/routes-and-screens.md#hole-status-grid): counts by type and the
 * hole's records, newest first.
 */
export function HoleDetailsDialog({ hole, records, isLoading = false, creatorId, onClose }: HoleDetailsDialogProps) {
  const [verifying, setVerifying] = useState<BirdieRecord | null>(null);
  const list = hole === null ? [] : recordsForHole(records ?? [], hole);
  const counted = list.filter((r) => r.counted);
  const eagles = counted.filter((r) => typeName(r.score) === "Eagle").length;
  const birdies = counted.length - eagles;

  return (
    <>
      <Dialog
        open={hole !== null}
        onClose={onClose}
        title={`Hole ${hole ?? ""} Details`}
        placement="panel"
        closeLabel="Close dialog"
      >
        <div className="flex flex-wrap gap-2">
          <span className="badge gap-1 border-0 bg-black text-white" data-testid="hole-birdie-count">
            {birdies} {birdies === 1 ? "Birdie" : "Birdies"}
          </span>
          <span className="badge gap-1 border-0 bg-green-600 text-white" data-testid="hole-eagle-count">
            {eagles} {eagles === 1 ? "Eagle" : "Eagles"}
          </span>
        </div>
        <ul aria-label={`Records on hole ${hole ?? ""}`} className="mt-4 h-[300px] space-y-2 overflow-y-auto pr-1">
          {isLoading && <li className="py-6 text-center text-sm text-base-content/70">Loading...</li>}
          {!isLoading && list.length === 0 && (
            <li className="py-6 text-center text-sm text-base-content/70">No records on this hole yet</li>
          )}
          {list.map((record) => (
            <li key={record.id} className="rounded-box border border-base-300 bg-base-200/50 p-3">
              <div className="flex items-center justify-between gap-2">
                <span className="flex flex-wrap items-center gap-1.5">
                  <span className={`badge ${typeName(record.score) === "Eagle" ? "badge-accent" : "badge-neutral"}`}>
                    {typeName(record.score)}
                  </span>
                  <StatusBadge status={record.verificationStatus} counted={record.counted} />
                </span>
                <span className="text-sm text-base-content/70">{formatPlayedDate(record.date)}</span>
              </div>
              <p className="mt-2 break-words text-sm font-medium">{record.courseName?.trim() || "Unknown course"}</p>
              {!record.counted && <p className="text-xs text-base-content/70">{notCountedText(record)}</p>}
              <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-sm">
                <span className="min-w-0 break-words">
                  Verified by{" "}
                  <button type="button" className="link link-primary font-medium" onClick={() => setVerifying(record)}>
                    {record.verifiedBy?.name?.trim() || "Unknown User"}
                  </button>
                </span>
                <button type="button" className="btn btn-ghost btn-xs" onClick={() => setVerifying(record)}>
                  <ShieldIcon />
                  Verification
                </button>
              </div>
              <RecordVerification record={record} creatorId={creatorId} />
            </li>
          ))}
        </ul>
      </Dialog>
      <VerificationDrawer record={verifying} onClose={() => setVerifying(null)} />
    </>
  );
}

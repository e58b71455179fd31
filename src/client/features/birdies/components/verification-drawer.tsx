import type { ReactNode } from "react";
import { ShieldIcon } from "../../../components/ui/icons";
import { typeLabel } from "../../../../shared/domain/scoring";
import type { BirdieRecord } from "../../../../shared/schemas/birdies";
import { formatInstant, formatPlayedDate, partnerAccount, signatureText } from "../lib/hole-records";
import { StatusBadge } from "../../verification/public";
import { Dialog } from "../../../components/ui/dialog";

type VerificationDrawerProps = {
  record: BirdieRecord | null;
  onClose: () => void;
};

/**
 * 'Verification Details' (docs/product/routes-and-screens.md#hole-status-grid): who verified a
 * record, their signature and the record's facts.
 */
export function VerificationDrawer({ record, onClose }: VerificationDrawerProps) {
  return (
    <Dialog
      open={record !== null}
      onClose={onClose}
      placement="sheet"
      title="Verification Details"
      footer={
        <button type="button" className="btn btn-block" onClick={onClose}>
          Close
        </button>
      }
    >
      {record && <VerificationBody record={record} />}
    </Dialog>
  );
}

function VerificationBody({ record }: { record: BirdieRecord }) {
  const signature = signatureText(record.verifiedBy?.signature);
  const account = partnerAccount(record.verifiedBy?.signature);
  const verifier = record.verifiedBy?.name?.trim() || "Unknown User";
  return (
    <div className="space-y-5">
      <div className="flex items-center gap-3">
        <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-success/15 text-xl text-success">
          <ShieldIcon />
        </span>
        <div className="min-w-0">
          <p className="text-xs uppercase tracking-wide text-base-content/60">Verified by</p>
          <p className="break-words font-semibold" data-testid="verifier-name">
            {verifier}
          </p>
        </div>
      </div>

      <section aria-label="Digital signature" className="rounded-box border border-base-300 bg-base-200/60 p-4">
        <p className="text-xs uppercase tracking-wide text-base-content/60">Digital Signature</p>
        {account ? (
          <p className="mt-2 break-words text-sm" data-testid="verifier-account">
            Named by account: @{account}. They confirm or dispute from their own account.
          </p>
        ) : signature ? (
          <p className="mt-2 break-words font-serif text-2xl italic" data-testid="verifier-signature">
            {signature}
          </p>
        ) : (
          <p className="mt-2 text-sm text-base-content/70">No digital signature available</p>
        )}
        <p className="mt-3 text-xs text-base-content/60">Recorded on {formatInstant(record.createdAt)}</p>
      </section>

      <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
        <Fact label="Type">{typeLabel(record.score)}</Fact>
        <Fact label="Course">{record.courseName?.trim() || "Unknown Course"}</Fact>
        <Fact label="Date">{formatPlayedDate(record.date)}</Fact>
        <Fact label="Hole">{record.holeNumber}</Fact>
        <Fact label="Status">
          <StatusBadge status={record.verificationStatus} counted={record.counted} />
        </Fact>
      </dl>
    </div>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-base-content/60">{label}</dt>
      <dd className="break-words font-medium">{children}</dd>
    </>
  );
}

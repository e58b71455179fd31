import { STATUS_LABEL, STATUS_MEANING, type VerificationStatus } from "../../../../shared/domain/verification";

// In words and colour both (WCAG 1.4.1); each colour pair is daisyUI's, legible in both themes.
const STYLE: Record<VerificationStatus, string> = {
  signed: "badge-ghost",
  pending: "badge-warning",
  confirmed: "badge-success",
  disputed: "badge-error",
  voided: "badge-neutral line-through",
};

/** A record's verification status (docs/product/rules.md#verification), with what it means for screen readers. */
export function StatusBadge({ status, counted }: { status: VerificationStatus; counted?: boolean }) {
  const notCounting = counted === false && (status === "pending" || status === "signed");
  return (
    <span className={`badge h-auto min-h-6 ${STYLE[status]}`} data-testid="status-badge" data-status={status}>
      {STATUS_LABEL[status]}
      <span className="sr-only">
        : {STATUS_MEANING[status]}
        {notCounting ? ", not counting yet" : ""}
      </span>
    </span>
  );
}

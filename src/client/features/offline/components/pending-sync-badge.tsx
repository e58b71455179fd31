import { usePendingRounds } from "../lib/outbox";

/** "Pending sync" with the number of rounds kept on this device; nothing when all are sent. */
export function PendingSyncBadge({ className = "" }: { className?: string }) {
  const { count, failed } = usePendingRounds();
  if (count === 0) return null;
  return (
    <span
      data-testid="pending-sync-badge"
      title={failed.length ? `${failed.length} could not be sent` : "Waiting for a connection"}
      className={`badge ${failed.length ? "badge-error" : "badge-warning"} gap-1.5 whitespace-nowrap ${className}`}
    >
      Pending sync
      <span className="font-semibold tabular-nums">{count}</span>
    </span>
  );
}

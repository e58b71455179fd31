import type { ChallengeStatus } from "../../../../shared/domain/challenge-timing";
import type { AdminUser, SupportStatus } from "../../../../shared/schemas/admin";
import { CHALLENGE_STATUS_LABELS } from "../lib/format";

const STATUS_CLASS: Record<ChallengeStatus, string> = {
  active: "badge-success",
  upcoming: "badge-info",
  past: "badge-ghost",
};

export function ChallengeStatusBadge({ status }: { status: ChallengeStatus }) {
  return (
    <span className={`badge badge-sm badge-soft whitespace-nowrap ${STATUS_CLASS[status]}`}>
      {CHALLENGE_STATUS_LABELS[status]}
    </span>
  );
}

export function UserBadges({ user }: { user: Pick<AdminUser, "isAdmin" | "disabled"> }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      {user.isAdmin && <span className="badge badge-sm badge-soft badge-primary">Admin</span>}
      {user.disabled ? (
        <span className="badge badge-sm badge-soft badge-error">Disabled</span>
      ) : (
        <span className="badge badge-sm badge-soft badge-success">Active</span>
      )}
    </span>
  );
}

export function SupportStatusBadge({ status }: { status: SupportStatus }) {
  return status === "open" ? (
    <span className="badge badge-sm badge-soft badge-warning">Open</span>
  ) : (
    <span className="badge badge-sm badge-soft badge-success">Resolved</span>
  );
}

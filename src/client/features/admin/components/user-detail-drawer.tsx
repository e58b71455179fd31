import { PageSpinner } from "../../../components/ui/page-spinner";
import type { AdminUser, AdminUserDetail } from "../../../../shared/schemas/admin";
import { useAdminUserDetail } from "../hooks/use-admin";
import { formatCount, plural } from "../lib/format";
import { formatChallengeDate } from "../../../../shared/domain/challenge-timing";
import { AuditList } from "./audit-list";
import { ChallengeStatusBadge, UserBadges } from "./badges";
import { Dialog } from "../../../components/ui/dialog";
import { Fact } from "./fact";
import { QueryError } from "./query-error";
import { RecordsTable } from "./records-table";
import { ResetLinkSection } from "./reset-link-section";
import { UserActionButtons } from "./user-actions";

type UserDetailDrawerProps = {
  userId: number | null;
  selfId: number;
  onClose: () => void;
  onToggleAdmin: (user: AdminUser) => void;
  onToggleDisabled: (user: AdminUser) => void;
};

/** One user: their account, challenges, records and what admins have done to the account. */
export function UserDetailDrawer({ userId, selfId, onClose, onToggleAdmin, onToggleDisabled }: UserDetailDrawerProps) {
  const detail = useAdminUserDetail(userId);
  const user = detail.data?.user;
  return (
    <Dialog
      placement="drawer"
      closeLabel="Close"
      open={userId !== null}
      onClose={onClose}
      title={user ? user.displayName || user.username : "User"}
      subtitle={user ? `@${user.username}` : undefined}
      footer={
        user && (
          <UserActionButtons
            user={user}
            selfId={selfId}
            onToggleAdmin={onToggleAdmin}
            onToggleDisabled={onToggleDisabled}
            size="sm"
          />
        )
      }
    >
      {detail.isPending ? (
        <PageSpinner label="Loading user..." />
      ) : detail.isError ? (
        <QueryError error={detail.error} onRetry={() => detail.refetch()} what="this user" />
      ) : (
        <UserDetailBody detail={detail.data} />
      )}
    </Dialog>
  );
}

function UserDetailBody({ detail }: { detail: AdminUserDetail }) {
  const { user, challenges, records, recordTotal, audit } = detail;
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm">
        <Fact label="Status">
          <UserBadges user={user} />
        </Fact>
        <Fact label="Email">
          <a className="link break-all" href={`mailto:${user.email}`}>
            {user.email}
          </a>
        </Fact>
        <Fact label="Joined">{formatChallengeDate(user.createdAt)}</Fact>
        <Fact label="Signed in on">{plural(user.activeSessions, "device")}</Fact>
        <Fact label="Home course">{user.homeCourseName ?? "—"}</Fact>
        <Fact label="Handicap">{user.handicap ?? "—"}</Fact>
      </dl>

      {!user.disabled && <ResetLinkSection user={user} />}

      <section aria-labelledby="user-challenges-title" className="space-y-2">
        <h3 id="user-challenges-title" className="font-semibold">
          Challenges ({formatCount(challenges.length)})
        </h3>
        {challenges.length === 0 ? (
          <p className="text-sm text-base-content/70">Not in any challenge.</p>
        ) : (
          <ul className="divide-y divide-base-300 rounded-box border border-base-300">
            {challenges.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm">
                <span className="min-w-0 break-words font-medium">
                  {c.name}
                  {c.isCreator && (
                    <span className="badge badge-xs badge-soft badge-accent ml-2 align-middle">Creator</span>
                  )}
                </span>
                <span className="flex items-center gap-2 text-base-content/70">
                  {plural(c.recordCount, "record")}
                  <ChallengeStatusBadge status={c.status} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="user-records-title" className="space-y-2">
        <h3 id="user-records-title" className="font-semibold">
          Records ({formatCount(recordTotal)})
        </h3>
        <RecordsTable records={records} total={recordTotal} show="challenge" />
      </section>

      <section aria-labelledby="user-audit-title" className="space-y-1">
        <h3 id="user-audit-title" className="font-semibold">
          Admin history
        </h3>
        {audit.length === 0 ? (
          <p className="text-sm text-base-content/70">No admin actions on this account.</p>
        ) : (
          <AuditList entries={audit} />
        )}
      </section>
    </div>
  );
}

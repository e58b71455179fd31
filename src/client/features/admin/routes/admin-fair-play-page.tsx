import { useId, useState } from "react";
import { Link } from "../../../lib/router";
import { ShieldIcon } from "../../../components/ui/icons";
import { PageSpinner } from "../../../components/ui/page-spinner";
import { Dialog } from "../../../components/ui/dialog";
import { errorMessage } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { FLAG_STATUSES, type FlagStatus } from "../../../../shared/domain/fairplay";
import { recordType } from "../../../../shared/domain/scoring";
import type { AdminFlag, FlagGolfer } from "../../../../shared/schemas/fairplay";
import { VOID_REASON_MAX } from "../../../../shared/schemas/fairplay";
import { AdminPageHeader } from "../components/admin-page-header";
import { ConfirmDialog } from "../components/confirm-dialog";
import { EmptyState } from "../components/empty-state";
import { Pagination } from "../components/pagination";
import { QueryError } from "../components/query-error";
import { useAdminActions, useFlagQueue } from "../hooks/use-admin";
import { useUrlFilters } from "../hooks/use-url-filters";
import { formatDateTime } from "../lib/format";

// The fair-play review queue (docs/product/routes-and-screens.md#admin-pages, ADR 0041): flags the
// rules found, each with its explanation and the records behind it; dismiss, void the records
// (with a reason the golfer's record history keeps) or disable the golfer. Every action is audited.

const STATUS_TABS: { value: FlagStatus; label: string }[] = [
  { value: "open", label: "Open" },
  { value: "dismissed", label: "Dismissed" },
  { value: "actioned", label: "Actioned" },
];

const FLAG_PAGE_SIZE = 20;

export function AdminFairPlayPage() {
  const { filters, page, update } = useUrlFilters({ status: "open" });
  const status = (FLAG_STATUSES as readonly string[]).includes(filters.status)
    ? (filters.status as FlagStatus)
    : "open";
  const queue = useFlagQueue(status, page);
  return (
    <div className="space-y-5">
      <AdminPageHeader
        title="Fair play"
        description="Records the fair-play rules flagged. Flags never block recording: they ask for a look."
      />
      <div className="flex flex-col gap-1.5">
        <span className="text-sm font-medium" id="flag-status-label">
          Status
        </span>
        <div className="join flex-wrap" role="group" aria-labelledby="flag-status-label">
          {STATUS_TABS.map((tab) => (
            <button
              key={tab.value}
              type="button"
              className={`btn join-item min-h-11 ${status === tab.value ? "btn-primary" : ""}`}
              aria-pressed={status === tab.value}
              onClick={() => update({ status: tab.value })}
            >
              {tab.label}
            </button>
          ))}
        </div>
      </div>
      {queue.isPending ? (
        <PageSpinner label="Loading flags..." />
      ) : queue.isError ? (
        <QueryError error={queue.error} onRetry={() => queue.refetch()} what="flags" />
      ) : (
        <section aria-label="Flags" className="space-y-3">
          {queue.data.items.length === 0 ? (
            <div className="rounded-box border border-base-300 bg-base-100">
              <EmptyState icon={<ShieldIcon />} title={status === "open" ? "Nothing to review" : "No flags here"}>
                {status === "open" ? "No open fair-play flags." : "Nothing matches this filter."}
              </EmptyState>
            </div>
          ) : (
            <ul className="space-y-3">
              {queue.data.items.map((flag) => (
                <li key={flag.id}>
                  <FlagCard flag={flag} />
                </li>
              ))}
            </ul>
          )}
          <Pagination
            label="Flags"
            page={page}
            pageSize={FLAG_PAGE_SIZE}
            total={queue.data.total}
            onPage={(p) => update({ page: p })}
          />
        </section>
      )}
    </div>
  );
}

const golferName = (g: FlagGolfer) => `${g.displayName} (@${g.username})`;

function FlagCard({ flag }: { flag: AdminFlag }) {
  const headingId = useId();
  const { dismissFlag, disableFlaggedUser } = useAdminActions();
  const [confirm, setConfirm] = useState<null | "dismiss" | "disable">(null);
  const [voiding, setVoiding] = useState(false);
  const voidable = flag.records.filter((r) => r.verificationStatus !== "voided").length;

  async function act(kind: "dismiss" | "disable") {
    try {
      if (kind === "dismiss") await dismissFlag.mutateAsync({ id: flag.id });
      else await disableFlaggedUser.mutateAsync({ id: flag.id });
      toast({
        title: kind === "dismiss" ? "Flag dismissed" : "Golfer disabled",
        description: kind === "dismiss" ? flag.title : golferName(flag.user),
      });
      setConfirm(null);
    } catch (error) {
      toast({
        title: "Could not update the flag",
        description: errorMessage(error, "Something went wrong. Please try again."),
        variant: "destructive",
      });
    }
  }

  return (
    <article aria-labelledby={headingId} className="space-y-3 rounded-box border border-base-300 bg-base-100 p-4">
      <header className="flex flex-wrap items-center gap-2">
        <h2 id={headingId} className="min-w-0 flex-1 wrap-anywhere text-lg font-semibold">
          {flag.title}
        </h2>
        <span className="badge badge-soft badge-warning whitespace-nowrap">
          {flag.status === "open" ? "Open" : flag.status === "dismissed" ? "Dismissed" : "Actioned"}
        </span>
      </header>
      <p className="wrap-anywhere">{flag.explanation}</p>
      <p className="wrap-anywhere text-sm text-base-content/70">
        Golfer: {golferName(flag.user)}
        {flag.user.disabled ? " · disabled" : ""}
        {flag.otherUser && (
          <>
            {" "}
            and {golferName(flag.otherUser)}
            {flag.otherUser.disabled ? " · disabled" : ""}
          </>
        )}{" "}
        · flagged {formatDateTime(flag.createdAt)}
      </p>
      {flag.resolution && <p className="text-sm text-base-content/70">Outcome: {flag.resolution}</p>}
      <details className="rounded-box border border-base-300">
        <summary className="flex min-h-11 cursor-pointer items-center px-3 font-medium">
          {flag.records.length === 1 ? "1 record" : `${flag.records.length} records`}
        </summary>
        <ul className="divide-y divide-base-300 text-sm">
          {flag.records.map((r) => (
            <li key={r.id} className="flex flex-wrap gap-x-3 gap-y-1 px-3 py-2 wrap-anywhere">
              <Link className="link min-h-11 inline-flex items-center" to={`/challenges/${r.challengeId}`}>
                {r.challengeName}
              </Link>
              <span className="inline-flex items-center">
                Hole {r.holeNumber}, {recordType(r.score)}, {r.courseName}, {r.datePlayed}
              </span>
              <span className="inline-flex items-center">Partner: {r.verifierName}</span>
              <span className="inline-flex items-center badge badge-sm badge-outline self-center">
                {r.verificationStatus}
              </span>
            </li>
          ))}
        </ul>
      </details>
      {flag.status === "open" && (
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn min-h-11" onClick={() => setConfirm("dismiss")}>
            Dismiss
          </button>
          <button
            type="button"
            className="btn btn-warning min-h-11"
            disabled={voidable === 0}
            onClick={() => setVoiding(true)}
          >
            Void records
          </button>
          <button
            type="button"
            className="btn btn-error min-h-11"
            disabled={flag.user.disabled}
            onClick={() => setConfirm("disable")}
          >
            Disable golfer
          </button>
        </div>
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm === "disable" ? `Disable ${flag.user.displayName}?` : "Dismiss this flag?"}
        description={
          confirm === "disable"
            ? "They are signed out on every device and cannot sign in until an admin enables them again."
            : "It leaves the queue. New records joining it open it again."
        }
        confirmLabel={confirm === "disable" ? "Disable golfer" : "Dismiss"}
        tone={confirm === "disable" ? "danger" : "primary"}
        pending={dismissFlag.isPending || disableFlaggedUser.isPending}
        onConfirm={() => confirm && act(confirm)}
        onCancel={() => setConfirm(null)}
      />
      <VoidDialog flag={flag} count={voidable} open={voiding} onClose={() => setVoiding(false)} />
    </article>
  );
}

function VoidDialog({
  flag,
  count,
  open,
  onClose,
}: {
  flag: AdminFlag;
  count: number;
  open: boolean;
  onClose: () => void;
}) {
  const { voidFlagRecords } = useAdminActions();
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setProblem(null);
    try {
      await voidFlagRecords.mutateAsync({ id: flag.id, reason });
      toast({ title: "Records voided", description: flag.title });
      setReason("");
      onClose();
    } catch (error) {
      setProblem(errorMessage(error, "Could not void the records. Please try again."));
    }
  }
  return (
    <Dialog
      open={open}
      onClose={() => !voidFlagRecords.isPending && onClose()}
      title={count === 1 ? "Void 1 record" : `Void ${count} records`}
      description="Voided records no longer count. The reason is kept in each record's history, which members see."
    >
      <form onSubmit={submit} className="space-y-3" noValidate>
        <label htmlFor={`${id}-reason`} className="block font-semibold">
          Reason
        </label>
        <textarea
          id={`${id}-reason`}
          className={`textarea w-full ${problem ? "textarea-error" : ""}`}
          rows={3}
          maxLength={VOID_REASON_MAX}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-error` : undefined}
        />
        {problem && (
          <p id={`${id}-error`} role="alert" className="text-sm text-error">
            {problem}
          </p>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button
            type="button"
            className="btn btn-ghost min-h-11"
            onClick={onClose}
            disabled={voidFlagRecords.isPending}
          >
            Cancel
          </button>
          <button type="submit" className="btn btn-warning min-h-11" disabled={voidFlagRecords.isPending}>
            Void records
          </button>
        </div>
      </form>
    </Dialog>
  );
}

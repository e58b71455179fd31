import { useState } from "react";
import { LifeBuoyIcon, SendIcon } from "../../../components/ui/icons";
import { PageSpinner } from "../../../components/ui/page-spinner";
import { errorMessage } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { ADMIN_PAGE_SIZE, type AdminSupportRequest, type SupportStatus } from "../../../../shared/schemas/admin";
import { SUPPORT_TYPES, type SupportType } from "../../../../shared/schemas/support";
import { AdminPageHeader } from "../components/admin-page-header";
import { SupportStatusBadge } from "../components/badges";
import { Dialog } from "../../../components/ui/dialog";
import { EmptyState } from "../components/empty-state";
import { Fact } from "../components/fact";
import { Pagination } from "../components/pagination";
import { QueryError } from "../components/query-error";
import { SelectField } from "../components/select-field";
import { useAdminActions, useSupportInbox } from "../hooks/use-admin";
import { useUrlFilters } from "../hooks/use-url-filters";
import { formatCount, formatDateTime, SUPPORT_TYPE_LABELS } from "../lib/format";

type StatusFilter = SupportStatus | "all";
type TypeFilter = SupportType | "all";

const STATUS_TABS: { value: StatusFilter; label: string }[] = [
  { value: "open", label: "Open" },
  { value: "resolved", label: "Resolved" },
  { value: "all", label: "All" },
];

const TYPE_OPTIONS: { value: TypeFilter; label: string }[] = [
  { value: "all", label: "All types" },
  ...SUPPORT_TYPES.map((t) => ({ value: t, label: SUPPORT_TYPE_LABELS[t] })),
];

export function AdminSupportPage() {
  const { filters, page, openId, update } = useUrlFilters({ status: "open", type: "all" });
  const status = STATUS_TABS.some((t) => t.value === filters.status) ? (filters.status as StatusFilter) : "open";
  const type = TYPE_OPTIONS.some((t) => t.value === filters.type) ? (filters.type as TypeFilter) : "all";
  const inbox = useSupportInbox({ status, type, page, pageSize: ADMIN_PAGE_SIZE });
  const { setSupportStatus } = useAdminActions();
  const open = inbox.data?.items.find((r) => r.id === openId) ?? null;

  async function changeStatus(request: AdminSupportRequest, next: SupportStatus) {
    try {
      await setSupportStatus.mutateAsync({ id: request.id, status: next });
      toast({ title: next === "resolved" ? "Marked as resolved" : "Reopened", description: `“${request.subject}”` });
      // A resolved request leaves the Open tab: close it rather than show a stale copy.
      if (status !== "all") update({ open: null });
    } catch (error) {
      toast({
        title: "Could not update the request",
        description: errorMessage(error, "Something went wrong. Please try again."),
        variant: "destructive",
      });
    }
  }

  const counts = inbox.data?.counts;
  return (
    <div className="space-y-5">
      <AdminPageHeader title="Support Inbox" description="Support requests from players, by type and status." />

      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1.5">
          <span className="text-sm font-medium" id="support-status-label">
            Status
          </span>
          <div className="join flex-wrap" role="group" aria-labelledby="support-status-label">
            {STATUS_TABS.map((tab) => {
              const count = counts ? (tab.value === "all" ? counts.open + counts.resolved : counts[tab.value]) : null;
              return (
                <button
                  key={tab.value}
                  type="button"
                  className={`btn btn-sm join-item ${status === tab.value ? "btn-primary" : ""}`}
                  aria-pressed={status === tab.value}
                  onClick={() => update({ status: tab.value })}
                >
                  {tab.label}
                  {count !== null && <span className="badge badge-sm">{formatCount(count)}</span>}
                </button>
              );
            })}
          </div>
        </div>
        <SelectField label="Type" value={type} options={TYPE_OPTIONS} onChange={(value) => update({ type: value })} />
      </div>

      {inbox.isPending ? (
        <PageSpinner label="Loading support requests..." />
      ) : inbox.isError ? (
        <QueryError error={inbox.error} onRetry={() => inbox.refetch()} what="support requests" />
      ) : (
        <section aria-label="Support requests" className="space-y-3">
          <div
            className={`rounded-box border border-base-300 bg-base-100 ${inbox.isPlaceholderData ? "opacity-70" : ""}`}
          >
            {inbox.data.items.length === 0 ? (
              <EmptyState icon={<LifeBuoyIcon />} title={status === "open" ? "Inbox zero" : "No support requests here"}>
                {status === "open" ? "No open support requests. Nice work." : "Nothing matches these filters."}
              </EmptyState>
            ) : (
              <ul className="divide-y divide-base-300">
                {inbox.data.items.map((request) => (
                  <li key={request.id}>
                    <button
                      type="button"
                      className="w-full px-4 py-3 text-left transition-colors hover:bg-base-200/60 focus-visible:bg-base-200/60"
                      onClick={() => update({ open: request.id }, { push: true })}
                      aria-describedby={`support-request-${request.id}-details`}
                    >
                      {/* A short name, with the row's text as its description: an aria-label would not
                          contain the visible text (WCAG 2.5.3 label in name). */}
                      <span className="sr-only">{`Read “${request.subject}” from ${request.email}`}</span>
                      <span
                        id={`support-request-${request.id}-details`}
                        className="flex w-full flex-col gap-1"
                        aria-hidden="true"
                      >
                        <span className="flex w-full flex-wrap items-center gap-2">
                          <span className="min-w-0 flex-1 wrap-anywhere font-semibold">{request.subject}</span>
                          <span className="badge badge-sm badge-outline whitespace-nowrap">
                            {SUPPORT_TYPE_LABELS[request.type]}
                          </span>
                          <SupportStatusBadge status={request.status} />
                        </span>
                        <span className="line-clamp-2 break-words text-sm text-base-content/70">{request.message}</span>
                        <span className="text-xs text-base-content/60">
                          {request.sender ? `@${request.sender.username}` : request.email} ·{" "}
                          {formatDateTime(request.createdAt)}
                        </span>
                      </span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
          <Pagination
            label="Support requests"
            page={page}
            pageSize={ADMIN_PAGE_SIZE}
            total={inbox.data.total}
            onPage={(p) => update({ page: p })}
          />
        </section>
      )}

      <Dialog
        placement="drawer"
        closeLabel="Close"
        open={openId !== null && open !== null}
        onClose={() => update({ open: null })}
        title={open?.subject ?? "Support request"}
        subtitle={open ? `${SUPPORT_TYPE_LABELS[open.type]} · received ${formatDateTime(open.createdAt)}` : undefined}
        footer={
          open &&
          (open.status === "open" ? (
            <button
              type="button"
              className="btn btn-sm btn-primary"
              disabled={setSupportStatus.isPending}
              onClick={() => changeStatus(open, "resolved")}
            >
              Mark resolved
            </button>
          ) : (
            <button
              type="button"
              className="btn btn-sm"
              disabled={setSupportStatus.isPending}
              onClick={() => changeStatus(open, "open")}
            >
              Reopen
            </button>
          ))
        }
      >
        {open && <SupportRequestBody request={open} />}
      </Dialog>
    </div>
  );
}

function SupportRequestBody({ request }: { request: AdminSupportRequest }) {
  return (
    <div className="space-y-5">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm">
        <Fact label="Status">
          <SupportStatusBadge status={request.status} />
        </Fact>
        <Fact label="From">
          <a className="link break-all" href={`mailto:${request.email}`}>
            {request.email}
          </a>
          <span className="block text-base-content/60">
            {request.sender
              ? `${request.sender.displayName || request.sender.username} (@${request.sender.username})`
              : "Sent while signed out"}
          </span>
        </Fact>
        {request.status === "resolved" && request.resolvedAt && (
          <Fact label="Resolved">
            {formatDateTime(request.resolvedAt)}
            {request.resolvedBy && (
              <span className="block text-base-content/60">
                by {request.resolvedBy.displayName || request.resolvedBy.username}
              </span>
            )}
          </Fact>
        )}
      </dl>
      <section aria-label="Message" className="rounded-box border border-base-300 bg-base-200/50 p-4">
        <p className="whitespace-pre-wrap break-words">{request.message}</p>
      </section>
      {request.replies.length > 0 && (
        <section aria-labelledby="support-replies-heading" className="space-y-2">
          <h3 id="support-replies-heading" className="font-semibold">
            Replies
          </h3>
          <ul className="space-y-2">
            {request.replies.map((reply) => (
              <li key={reply.id} className="rounded-box border border-base-300 p-3 text-sm">
                <p className="whitespace-pre-wrap break-words">{reply.message}</p>
                <p className="mt-1 text-xs text-base-content/70">
                  {reply.authorName ?? "An admin"} · {formatDateTime(reply.createdAt)}
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}
      <SupportReplyForm request={request} />
    </div>
  );
}

/**
 * The reply goes to the request's address by e-mail and, when the sender was signed in, to their
 * notifications (docs/product/rules.md#notifications).
 */
function SupportReplyForm({ request }: { request: AdminSupportRequest }) {
  const { replyToSupport } = useAdminActions();
  const [message, setMessage] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  async function send(event: React.FormEvent) {
    event.preventDefault();
    setProblem(null);
    try {
      await replyToSupport.mutateAsync({ id: request.id, message });
      setMessage("");
      toast({ title: "Reply sent", description: `To ${request.email}` });
    } catch (error) {
      setProblem(errorMessage(error, "Could not send the reply. Please try again."));
    }
  }
  return (
    <form onSubmit={send} className="space-y-2" noValidate>
      <label htmlFor={`support-reply-${request.id}`} className="block font-semibold">
        Reply
      </label>
      <p id={`support-reply-${request.id}-hint`} className="text-sm text-base-content/70">
        Sent by e-mail to {request.email}
        {request.sender ? " and shown in their notifications" : ""}.
      </p>
      <textarea
        id={`support-reply-${request.id}`}
        className={`textarea w-full ${problem ? "textarea-error" : ""}`}
        rows={4}
        value={message}
        onChange={(e) => setMessage(e.target.value)}
        aria-describedby={`support-reply-${request.id}-hint${problem ? ` support-reply-${request.id}-error` : ""}`}
        aria-invalid={problem ? true : undefined}
      />
      {problem && (
        <p id={`support-reply-${request.id}-error`} role="alert" className="text-sm text-error">
          {problem}
        </p>
      )}
      <button type="submit" className="btn btn-sm btn-primary min-h-11" disabled={replyToSupport.isPending}>
        <SendIcon />
        Send reply
      </button>
    </form>
  );
}

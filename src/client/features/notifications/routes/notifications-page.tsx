import { useState } from "react";
import { Link } from "../../../lib/router";
import type { NotificationItem } from "../../../../shared/schemas/notifications";
import { PageSpinner } from "../../../components/ui/page-spinner";
import { usePageTitle } from "../../../hooks/use-page-title";
import { errorMessage } from "../../../lib/errors";
import { relativeTime } from "../../../lib/relative-time";
import { VerificationRequestActions } from "../../verification/public";
import { useMarkRead, useNotificationPage } from "../hooks/use-notifications";

function NotificationRow({ item, onOpen }: { item: NotificationItem; onOpen: (item: NotificationItem) => void }) {
  const unread = item.readAt === null;
  return (
    <li className={`flex items-start gap-3 p-4 ${unread ? "bg-primary/5" : ""}`} data-testid="notification-item">
      <span
        aria-hidden="true"
        className={`mt-2 size-2.5 shrink-0 rounded-full ${unread ? "bg-primary" : "bg-transparent"}`}
      />
      <div className="min-w-0 flex-1">
        <Link
          to={item.url}
          onClick={() => onOpen(item)}
          className={`link-hover block min-h-11 wrap-anywhere ${unread ? "font-semibold" : ""}`}
        >
          {item.text}
          {unread && <span className="sr-only"> (unread)</span>}
        </Link>
        <p className="text-sm text-base-content/70">
          <time dateTime={item.createdAt}>{relativeTime(item.createdAt)}</time>
        </p>
        {item.type === "verification_request" && (
          <VerificationRequestActions url={item.url} onDone={() => onOpen(item)} />
        )}
      </div>
    </li>
  );
}

/** One page of the list, newest first; the last page offers the next. */
function Page({
  before,
  isLast,
  onMore,
  onOpen,
}: {
  before: number | undefined;
  isLast: boolean;
  onMore: (before: number) => void;
  onOpen: (item: NotificationItem) => void;
}) {
  const page = useNotificationPage(before);
  if (page.isLoading) return <PageSpinner label="Loading notifications..." />;
  if (page.isError)
    return (
      <p role="alert" className="alert alert-error">
        {errorMessage(page.error, "Could not load notifications.")}
      </p>
    );
  const data = page.data!;
  if (before === undefined && !data.items.length) {
    return (
      <p className="rounded-box border border-base-300 bg-base-100 p-6 text-center text-base-content/70">
        No notifications yet. When someone joins your challenge, records a round or overtakes you, you will see it here.
      </p>
    );
  }
  return (
    <>
      <ul className="divide-y divide-base-300 overflow-hidden rounded-box border border-base-300 bg-base-100">
        {data.items.map((item) => (
          <NotificationRow key={item.id} item={item} onOpen={onOpen} />
        ))}
      </ul>
      {isLast && data.nextBefore !== null && (
        <button type="button" className="btn btn-outline min-h-11" onClick={() => onMore(data.nextBefore!)}>
          Show older notifications
        </button>
      )}
    </>
  );
}

/** /notifications (docs/product/routes-and-screens.md#notifications): the list, mark read, mark all read. */
export function NotificationsPage() {
  usePageTitle("Notifications");
  const [cursors, setCursors] = useState<(number | undefined)[]>([undefined]);
  const first = useNotificationPage(undefined);
  const markRead = useMarkRead();
  const unread = first.data?.unread ?? 0;
  const open = (item: NotificationItem) => {
    if (item.readAt === null) markRead.mutate({ ids: [item.id] });
  };

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Notifications</h1>
          <p className="mt-1 text-base-content/70" data-testid="unread-summary">
            {unread === 0 ? "You're all caught up." : `${unread} unread`}
          </p>
        </div>
        <button
          type="button"
          className="btn btn-primary min-h-11"
          disabled={unread === 0 || markRead.isPending}
          onClick={() => markRead.mutate({})}
        >
          Mark all as read
        </button>
      </header>
      <div className="space-y-4">
        {cursors.map((before, i) => (
          <Page
            key={before ?? "newest"}
            before={before}
            isLast={i === cursors.length - 1}
            onMore={(next) => setCursors((list) => [...list, next])}
            onOpen={open}
          />
        ))}
      </div>
      <p className="text-sm text-base-content/70">
        Choose what also reaches you by e-mail or push in{" "}
        <Link to="/profile?tab=settings" className="link">
          Settings
        </Link>
        .
      </p>
    </div>
  );
}

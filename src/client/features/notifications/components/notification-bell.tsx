import { Link } from "../../../lib/router";
import { BellIcon } from "../../../components/ui/icons";
import { useLiveNotifications, useUnreadCount } from "../hooks/use-notifications";

/** "Notifications" or "Notifications, 3 unread": what the bell says to assistive technology. */
export function bellLabel(unread: number): string {
  return unread > 0 ? `Notifications, ${unread} unread` : "Notifications";
}

/**
 * The bell in the signed-in header (docs/product/routes-and-screens.md#signed-in-layout): the
 * unread count, kept live over /ws, and a link to /notifications.
 */
export function NotificationBell({ userId }: { userId: number }) {
  useLiveNotifications(userId);
  const unread = useUnreadCount();
  return (
    <Link
      to="/notifications"
      className="btn btn-ghost btn-circle relative"
      aria-label={bellLabel(unread)}
      data-testid="notification-bell"
    >
      <BellIcon className="text-xl" />
      {unread > 0 && (
        <span
          aria-hidden="true"
          data-testid="notification-count"
          className="badge badge-error badge-sm absolute -right-0.5 -top-0.5 min-w-5 px-1 font-semibold"
        >
          {unread > 99 ? "99+" : unread}
        </span>
      )}
    </Link>
  );
}

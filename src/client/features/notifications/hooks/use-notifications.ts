import { type Query, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { NotificationKind } from "../../../../shared/schemas/notifications";
import { isRouterQuery } from "../../../lib/query-keys";
import { trpc } from "../../../lib/trpc";
import { type NotificationEvent, openNotificationSocket } from "../lib/notification-socket";

/**
 * What a live notification says has changed on the server, by the tRPC routers whose queries show
 * it: a rival's round moves the boards (the dashboard's widget, a board page) at once instead of
 * at the next reload; a record confirmed or refused changes the golfer's own progress too.
 */
const STALE_AFTER: Partial<Record<NotificationKind, ReadonlySet<string>>> = {
  rival_round: new Set(["leaderboards"]),
  overtaken: new Set(["leaderboards"]),
  challenge_joined: new Set(["challenges", "leaderboards"]),
  record_status: new Set(["birdies", "challenges", "leaderboards", "achievements"]),
};

/** The unread count for the bell (the first page's `unread`; the same query the list page reads). */
export function useUnreadCount(): number {
  const query = trpc.notifications.list.useQuery({ limit: 1 }, { refetchInterval: 120_000 });
  return query.data?.unread ?? 0;
}

/** One page of the list: the newest when `before` is undefined, else older than that id. */
export function useNotificationPage(before: number | undefined) {
  return trpc.notifications.list.useQuery(before === undefined ? {} : { before });
}

export function useMarkRead() {
  const utils = trpc.useUtils();
  return trpc.notifications.markRead.useMutation({
    onSettled: () => utils.notifications.list.invalidate(),
  });
}

/**
 * Live updates (docs/product/api.md#websocket-ws): while signed in, a socket hears of every new
 * notification and of items read on another device; both refresh the bell and the list.
 */
export function useLiveNotifications(userId: number) {
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  // biome-ignore lint/correctness/useExhaustiveDependencies: another golfer signing in on this tab needs a socket of their own (the session cookie is read at the upgrade).
  useEffect(() => {
    const url = `${window.location.protocol === "https:" ? "wss" : "ws"}://${window.location.host}/ws`;
    // After an event, in-flight reads are cancelled first: TanStack Query joins an invalidation to
    // a fetch already in flight when the query has no data yet, and that answer may have been read
    // before the event's change committed (an event during the bell's first load was lost until
    // the 2-minute poll). A (re)connection only asks again (no event says a change happened).
    const listAfterEvent = async () => {
      await utils.notifications.list.cancel();
      await utils.notifications.list.invalidate();
    };
    const routersAfterEvent = async (routers: ReadonlySet<string>) => {
      const predicate = (query: Query) => isRouterQuery(query.queryKey, routers);
      await queryClient.cancelQueries({ predicate });
      await queryClient.invalidateQueries({ predicate });
    };
    const onEvent = (event: NotificationEvent) => {
      void listAfterEvent();
      const routers = event.notification && STALE_AFTER[event.notification.type];
      if (routers) void routersAfterEvent(routers);
    };
    return openNotificationSocket(url, onEvent, () => void utils.notifications.list.invalidate());
  }, [userId, utils, queryClient]);
}

export function useNotificationSettings() {
  return trpc.notifications.settings.useQuery();
}

export function useUpdateNotificationSettings() {
  const utils = trpc.useUtils();
  // Optimistic: the toggle moves at once; a refusal puts the stored settings back.
  return trpc.notifications.updateSettings.useMutation({
    onMutate: async (change) => {
      // A refetch in flight (a reload's restore refreshing the kept cache) would land after the
      // optimistic value and move the toggle back: cancel it first (TanStack's optimistic recipe).
      await utils.notifications.settings.cancel();
      const before = utils.notifications.settings.getData();
      if (before) utils.notifications.settings.setData(undefined, { ...before, ...change } as typeof before);
    },
    onSuccess: (data) => utils.notifications.settings.setData(undefined, data),
    onError: () => void utils.notifications.settings.invalidate(),
  });
}

import { and, count, desc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { z } from "zod";
import {
  type markNotificationsReadSchema,
  NOTIFICATION_KINDS,
  type NotificationItem,
  type NotificationPage,
  type NotificationSettings,
  type notificationListSchema,
  type notificationSettingsSchema,
} from "../../../shared/schemas/notifications";
import type { SignedInContext } from "../../context";
import type { Db } from "../../db/client";
import { type NotificationRow, notificationSettings, notifications } from "../../db/schema/notifications";
import { NOTIFICATION_CHANNEL } from "../../realtime/bus";
import { allSettingsOf } from "./notify";

// The notification centre's calls (docs/product/api.md#notifications): a golfer reads and marks
// only their own notifications; nobody else's are reachable by id.

export function toItem(row: NotificationRow): NotificationItem {
  return {
    id: row.id,
    type: row.type,
    text: row.text,
    url: row.url,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

/** GET /api/notifications: newest first, `limit` at a time, older than `before` when given. */
export async function listNotifications(
  ctx: SignedInContext,
  input: z.output<typeof notificationListSchema>,
): Promise<NotificationPage> {
  const userId = ctx.user.id;
  const [list, unread] = await Promise.all([
    ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), input.before ? lt(notifications.id, input.before) : undefined))
      .orderBy(desc(notifications.id))
      .limit(input.limit + 1),
    unreadCount(ctx.db, userId),
  ]);
  const page = list.slice(0, input.limit);
  return {
    items: page.map(toItem),
    unread,
    nextBefore: list.length > input.limit ? (page[page.length - 1]?.id ?? null) : null,
  };
}

/**
 * POST /api/notifications/read: marks the given ids (only the caller's; others' ids are ignored,
 * never revealed) or, without ids, every unread one. Tells the caller's other devices at commit.
 */
export async function markNotificationsRead(
  ctx: SignedInContext,
  input: z.output<typeof markNotificationsReadSchema>,
): Promise<{ unread: number }> {
  const userId = ctx.user.id;
  return ctx.db.transaction(async (tx) => {
    const marked = await tx
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(
        and(
          eq(notifications.userId, userId),
          isNull(notifications.readAt),
          input.ids ? inArray(notifications.id, input.ids.length ? input.ids : [0]) : undefined,
        ),
      )
      .returning({ id: notifications.id });
    if (marked.length) {
      await tx.execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${JSON.stringify({ read: [userId] })})`);
    }
    return { unread: await unreadCount(tx, userId) };
  });
}

/** GET /api/users/me/notification-settings: every kind, with the defaults filled in. */
export async function getNotificationSettings(ctx: SignedInContext): Promise<NotificationSettings> {
  return allSettingsOf(ctx.db, ctx.user.id);
}

/** PUT /api/users/me/notification-settings: the kinds given are stored; the rest keep theirs. */
export async function updateNotificationSettings(
  ctx: SignedInContext,
  input: z.output<typeof notificationSettingsSchema>,
): Promise<NotificationSettings> {
  const userId = ctx.user.id;
  const rows = NOTIFICATION_KINDS.flatMap((kind) => {
    const choice = input[kind];
    return choice ? [{ userId, kind, email: choice.email, push: choice.push, updatedAt: new Date() }] : [];
  });
  if (rows.length) {
    await ctx.db
      .insert(notificationSettings)
      .values(rows)
      .onConflictDoUpdate({
        target: [notificationSettings.userId, notificationSettings.kind],
        set: { email: sql`excluded.email`, push: sql`excluded.push`, updatedAt: sql`excluded.updated_at` },
      });
  }
  return allSettingsOf(ctx.db, userId);
}

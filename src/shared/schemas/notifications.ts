import { z } from "zod";
import { positiveIdSchema } from "./courses";
import { type ChannelSetting, NOTIFICATION_KINDS, type NotificationKind } from "./notification-kinds";

// The notification centre (docs/product/rules.md#notifications): what a golfer is told, and by
// which channel. In-app is always on; e-mail and push follow the settings below.

export {
  type ChannelSetting,
  DEFAULT_NOTIFICATION_SETTINGS,
  NOTIFICATION_KINDS,
  type NotificationKind,
} from "./notification-kinds";

export const NOTIFICATIONS_PAGE = 20;
const PAGE_MAX = 100;

/** GET /api/notifications: newest first; `before` (an id) pages back. */
export const notificationListSchema = z.object({
  before: positiveIdSchema("notification").optional(),
  limit: z.coerce
    .number({ error: "Limit must be a whole number" })
    .int("Limit must be a whole number")
    .min(1, "Limit must be 1 or more")
    .max(PAGE_MAX, `Limit must be at most ${PAGE_MAX}`)
    .default(NOTIFICATIONS_PAGE),
});
export type NotificationListInput = z.input<typeof notificationListSchema>;

/** POST /api/notifications/read: these ids, or every unread one when `ids` is left out. */
export const markNotificationsReadSchema = z.object({
  ids: z
    .array(positiveIdSchema("notification"), { error: "ids must be a list of notification ids" })
    .max(PAGE_MAX, `At most ${PAGE_MAX} ids at a time`)
    .optional(),
});
export type MarkNotificationsReadInput = z.input<typeof markNotificationsReadSchema>;

export type NotificationItem = {
  id: number;
  type: NotificationKind;
  text: string;
  url: string;
  createdAt: string;
  readAt: string | null;
};

export type NotificationPage = {
  items: NotificationItem[];
  unread: number;
  /** Pass as `before` for the next (older) page; null on the last one. */
  nextBefore: number | null;
};

const channelSchema = z.object(
  {
    email: z.boolean({ error: "email must be true or false" }),
    push: z.boolean({ error: "push must be true or false" }),
  },
  { error: "Each setting needs email and push" },
);

/** PUT /api/users/me/notification-settings: any subset of kinds; the others keep their value. */
export const notificationSettingsSchema = z.strictObject(
  Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, channelSchema.optional()])) as Record<
    NotificationKind,
    z.ZodOptional<typeof channelSchema>
  >,
  { error: "Unknown notification kind" },
);
export type NotificationSettingsInput = z.input<typeof notificationSettingsSchema>;
export type NotificationSettings = Record<NotificationKind, ChannelSetting>;

/** The live message on /ws: a new notification for this user, or "refetch" when item is absent. */
export type NotificationSocketEvent = { type: "NOTIFICATION"; notification?: NotificationItem };

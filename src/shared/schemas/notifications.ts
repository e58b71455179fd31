import { z } from "zod";
import { positiveIdSchema } from "./courses";

// The notification centre (docs/product/rules.md#notifications): what a golfer is told, and by
// which channel. In-app is always on; e-mail and push follow the settings below.

/** Every event a notification can be about (the `type` of an item, the `kind` of a setting). */
export const NOTIFICATION_KINDS = [
  "challenge_joined",
  "rival_round",
  "overtaken",
  "challenge_starts",
  "challenge_ends_soon",
  "challenge_ended",
  "support_reply",
  "verification_request",
  "record_status",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export type ChannelSetting = { email: boolean; push: boolean };

/**
 * Before a golfer chooses: e-mail and push for results and support replies, push only for what
 * happens in a challenge, nothing but the in-app item for each rival's round (several a day).
 */
export const DEFAULT_NOTIFICATION_SETTINGS: Record<NotificationKind, ChannelSetting> = {
  challenge_joined: { email: false, push: true },
  rival_round: { email: false, push: false },
  overtaken: { email: false, push: true },
  challenge_starts: { email: false, push: true },
  challenge_ends_soon: { email: false, push: true },
  challenge_ended: { email: true, push: true },
  support_reply: { email: true, push: true },
  // Someone waits for the partner's answer: as loud as a support reply.
  verification_request: { email: true, push: true },
  record_status: { email: false, push: true },
};

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

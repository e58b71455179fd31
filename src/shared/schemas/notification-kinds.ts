// The notification kinds and their default channels (docs/product/rules.md#notifications), in a
// module without zod: the profile page's settings list them before any schema has loaded.

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

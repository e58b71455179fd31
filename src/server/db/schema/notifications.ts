import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  varchar,
} from "drizzle-orm/pg-core";
import type { NotificationKind } from "../../../shared/schemas/notifications";
import { users } from "./users";

/**
 * The notification centre (ADR 0033): one row per recipient and event. The statement trigger of
 * drizzle/0014 NOTIFYs 'notification' with the new ids, so every open device hears of it.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    type: varchar("type", { length: 32 }).$type<NotificationKind>().notNull(),
    text: text("text").notNull(),
    url: text("url").notNull(),
    /** One notification per user and key: a job run again after a lost lease adds nothing. */
    dedupeKey: text("dedupe_key"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp("read_at", { withTimezone: true }),
  },
  (t) => [
    unique("notifications_user_dedupe_unique").on(t.userId, t.dedupeKey),
    index("notifications_user_id_idx").on(t.userId, t.id),
    index("notifications_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/** E-mail and push per user and kind; no row means the defaults (shared/schemas/notifications.ts). */
export const notificationSettings = pgTable(
  "notification_settings",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: varchar("kind", { length: 32 }).$type<NotificationKind>().notNull(),
    email: boolean("email").notNull(),
    push: boolean("push").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
);

export type NotificationRow = typeof notifications.$inferSelect;

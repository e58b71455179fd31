import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, smallint, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { sessions, users } from "./users";

// Web Push (ADR 0038): the browsers' push subscriptions and the server's VAPID key pair.
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // The session push was turned on in: ending it (sign-out, password change, disabled account)
    // stops pushes to that device. Null only when subscribed outside a stored session (tests).
    sessionId: text("session_id").references(() => sessions.id, { onDelete: "cascade" }),
    // The device's address at its push service; unique: a device belongs to whoever subscribed it last.
    endpoint: text("endpoint").notNull(),
    // The browser's ECDH P-256 public key and auth secret (base64url) the payload is encrypted to.
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_idx").on(t.endpoint),
    index("push_subscriptions_user_id_idx").on(t.userId),
    index("push_subscriptions_session_id_idx").on(t.sessionId),
  ],
);

/** One row (id 1) when the key pair is generated rather than configured. */
export const pushVapidKeys = pgTable(
  "push_vapid_keys",
  {
    id: smallint("id").primaryKey().default(1),
    publicKey: text("public_key").notNull(),
    privateKey: text("private_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check("push_vapid_keys_single_row", sql`${t.id} = 1`)],
);

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

import { index, integer, pgTable, serial, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { users } from "./users";

export const supportRequests = pgTable(
  "support_requests",
  {
    id: serial("id").primaryKey(),
    // Null when sent by someone who could not sign in (support is for them too).
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    email: varchar("email", { length: 254 }).notNull(),
    subject: varchar("subject", { length: 200 }).notNull(),
    message: text("message").notNull(),
    type: varchar("type", { length: 16 }).$type<"bug" | "feature" | "question" | "other">().notNull(),
    status: varchar("status", { length: 16 }).$type<"open" | "resolved">().notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolvedBy: integer("resolved_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [index("support_requests_status_created_idx").on(t.status, t.createdAt)],
);

export type SupportRequestRow = typeof supportRequests.$inferSelect;

/** An admin's reply to a request: mailed to its address and shown in-app to its signed-in sender. */
export const supportReplies = pgTable(
  "support_replies",
  {
    id: serial("id").primaryKey(),
    requestId: integer("request_id")
      .notNull()
      .references(() => supportRequests.id, { onDelete: "cascade" }),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    message: text("message").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("support_replies_request_idx").on(t.requestId, t.id)],
);

export type SupportReplyRow = typeof supportReplies.$inferSelect;

import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, varchar } from "drizzle-orm/pg-core";
import type { ChatMessageType } from "../../../shared/schemas/chat";
import { birdieRecords } from "./birdies";
import { challenges } from "./challenges";
import { users } from "./users";

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: serial("id").primaryKey(),
    challengeId: integer("challenge_id")
      .notNull()
      .references(() => challenges.id, { onDelete: "cascade" }),
    // Null for system messages; set null when the author's account goes so the room keeps its history.
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    type: varchar("type", { length: 10 }).$type<ChatMessageType>().notNull(),
    message: text("message").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A room's newest page and each older page (id < cursor) are one index range scan.
    index("chat_messages_challenge_id_idx").on(t.challengeId, t.id.desc()),
    // Deleting a user nulls their messages: without this that is a full scan.
    index("chat_messages_user_id_idx").on(t.userId),
    check("chat_messages_type", sql`${t.type} in ('system', 'user')`),
    check("chat_messages_length", sql`char_length(${t.message}) between 1 and 1000`),
  ],
);

export type ChatMessageRow = typeof chatMessages.$inferSelect;

/**
 * The records a round's system line speaks of (drizzle/0012_round_chat_lines.sql, ADR 0028):
 * deleting one amends the line, and the last one removes it.
 */
export const chatMessageRecords = pgTable(
  "chat_message_records",
  {
    messageId: integer("message_id")
      .notNull()
      .references(() => chatMessages.id, { onDelete: "cascade" }),
    recordId: integer("record_id")
      .notNull()
      .references(() => birdieRecords.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ name: "chat_message_records_pk", columns: [t.recordId, t.messageId] }),
    index("chat_message_records_message_id_idx").on(t.messageId),
  ],
);

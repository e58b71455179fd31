import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import type { FlagRule, FlagStatus } from "../../../shared/domain/fairplay";
import { users } from "./users";

/**
 * Anti-cheat flags (drizzle/0020, ADR 0041): what the fair-play rules found, one row per rule and
 * subject, refreshed by a job after every change to a golfer's records.
 */
export const fairplayFlags = pgTable(
  "fairplay_flags",
  {
    id: serial("id").primaryKey(),
    rule: varchar("rule", { length: 32 }).$type<FlagRule>().notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The other golfer of a confirmation ring. */
    otherUserId: integer("other_user_id").references(() => users.id, { onDelete: "cascade" }),
    subjectKey: text("subject_key").notNull(),
    recordIds: integer("record_ids").array().notNull().default(sql`'{}'`),
    explanation: text("explanation").notNull(),
    status: varchar("status", { length: 10 }).$type<FlagStatus>().notNull().default("open"),
    resolution: text("resolution"),
    resolvedBy: integer("resolved_by").references(() => users.id, { onDelete: "set null" }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("fairplay_flags_subject_idx").on(t.rule, t.userId, t.subjectKey),
    index("fairplay_flags_open_idx").on(t.createdAt).where(sql`${t.status} = 'open'`),
    index("fairplay_flags_user_idx").on(t.userId, t.status),
    index("fairplay_flags_other_user_idx").on(t.otherUserId).where(sql`${t.otherUserId} IS NOT NULL`),
    check("fairplay_flags_status", sql`${t.status} in ('open', 'dismissed', 'actioned')`),
  ],
);

export type FairplayFlagRow = typeof fairplayFlags.$inferSelect;

import { sql } from "drizzle-orm";
import { index, integer, pgTable, serial, timestamp, varchar } from "drizzle-orm/pg-core";
import { jsonb } from "./json";
import type { AuditAction, AuditTargetType } from "../../../shared/schemas/admin";
import { users } from "./users";

/**
 * Who did what to whom, and when: one row per admin action, written in the transaction of the
 * action itself so the log never claims something that was rolled back (or misses something that
 * happened). The target has no foreign key on purpose: a deleted challenge keeps its entry, and
 * `details` carries the names the entry needs once the target is gone.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    // Kept (as null) when the acting admin's account is deleted: the entry outlives the actor.
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: varchar("action", { length: 40 }).$type<AuditAction>().notNull(),
    targetType: varchar("target_type", { length: 20 }).$type<AuditTargetType>().notNull(),
    targetId: integer("target_id"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The dashboard reads the newest entries first.
    index("audit_log_created_at_idx").on(t.createdAt.desc()),
    // A user's (or challenge's) history on its detail view.
    index("audit_log_target_idx").on(t.targetType, t.targetId),
  ],
);

export type AuditLogRow = typeof auditLog.$inferSelect;

import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from "drizzle-orm/pg-core";
import type { VerificationStatus } from "../../../shared/domain/verification";
import { jsonb } from "./json";
import { challenges, courses } from "./challenges";
import { users } from "./users";

export const birdieRecords = pgTable(
  "birdie_records",
  {
    id: serial("id").primaryKey(),
    challengeId: integer("challenge_id")
      .notNull()
      .references(() => challenges.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id),
    holeNumber: smallint("hole_number").notNull(),
    /** Strokes on a par 4: 3 birdie, 2 eagle, 1 albatross/ace. The type is derived from it. */
    score: smallint("score").notNull(),
    /** The calendar day the round was played (the golfer's date, not a moment). */
    datePlayed: date("date_played", { mode: "string" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    verifierName: varchar("verifier_name", { length: 100 }).notNull(),
    /** 'signature:' + the typed signature (docs/product/rules.md#recording-window). */
    verifierSignature: text("verifier_signature").notNull(),
    /**
     * Whether this record scores. With multiple birdies off only one record per hole counts (a
     * birdie later superseded by an eagle stays as history with counted = false); with them on,
     * every record counts.
     */
    counted: boolean("counted").notNull().default(true),
    /**
     * The partner's account when the golfer picked a member (two-key verification, ADR 0040);
     * null for a typed partner without an account. Kept as null when that account goes.
     */
    partnerUserId: integer("partner_user_id").references(() => users.id, { onDelete: "set null" }),
    /** signed | pending | confirmed | disputed | voided (shared/domain/verification.ts). */
    verificationStatus: varchar("verification_status", { length: 10 })
      .$type<VerificationStatus>()
      .notNull()
      .default("signed"),
    statusChangedAt: timestamp("status_changed_at", { withTimezone: true }),
  },
  (t) => [
    index("birdie_records_challenge_user_hole_idx").on(t.challengeId, t.userId, t.holeNumber),
    index("birdie_records_user_date_idx").on(t.userId, t.datePlayed),
    index("birdie_records_date_idx").on(t.datePlayed),
    index("birdie_records_challenge_created_idx").on(t.challengeId, t.createdAt),
    // Admin dashboard counts and series by the moment of recording.
    index("birdie_records_created_idx").on(t.createdAt),
    check("birdie_records_hole_range", sql`${t.holeNumber} between 1 and 18`),
    check("birdie_records_score_range", sql`${t.score} between 1 and 3`),
    check(
      "birdie_records_verification_status",
      sql`${t.verificationStatus} in ('signed', 'pending', 'confirmed', 'disputed', 'voided')`,
    ),
    index("birdie_records_partner_status_idx")
      .on(t.partnerUserId, t.verificationStatus)
      .where(sql`${t.partnerUserId} IS NOT NULL`),
  ],
);

export type BirdieRecordRow = typeof birdieRecords.$inferSelect;

/** Every status change of a record: who, when, from what to what, and why (ADR 0040). */
export const recordStatusEvents = pgTable(
  "record_status_events",
  {
    id: serial("id").primaryKey(),
    recordId: integer("record_id")
      .notNull()
      .references(() => birdieRecords.id, { onDelete: "cascade" }),
    challengeId: integer("challenge_id")
      .notNull()
      .references(() => challenges.id, { onDelete: "cascade" }),
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    fromStatus: varchar("from_status", { length: 10 }).$type<VerificationStatus>(),
    toStatus: varchar("to_status", { length: 10 }).$type<VerificationStatus>().notNull(),
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("record_status_events_record_id_idx").on(t.recordId, t.createdAt)],
);

/**
 * Rounds already recorded, by the id the device gave them. A phone that loses signal after the
 * server saved a round resends it; the second submission returns the first one's result instead
 * of recording the holes twice (which multiple-birdie challenges would accept).
 */
export const roundSubmissions = pgTable(
  "round_submissions",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    clientRoundId: varchar("client_round_id", { length: 64 }).notNull(),
    result: jsonb("result").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.clientRoundId] })],
);

import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from "drizzle-orm/pg-core";
import type { CourseMode } from "../../../shared/domain/challenge-courses";
import type { Tiebreaker } from "../../../shared/schemas/challenges";
import { users } from "./users";

export const courses = pgTable(
  "courses",
  {
    id: serial("id").primaryKey(),
    name: varchar("name", { length: 100 }).notNull(),
    // Kept when the author's account goes: a course belongs to every challenge that uses it.
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // "Pebble Beach" and "pebble beach" are one course; the index also decides racing creations.
  (t) => [uniqueIndex("courses_name_lower_idx").on(sql`lower(${t.name})`)],
);

export const challenges = pgTable(
  "challenges",
  {
    id: serial("id").primaryKey(),
    name: varchar("name", { length: 100 }).notNull(),
    rules: text("rules"),
    description: text("description"),
    courseMode: varchar("course_mode", { length: 10 }).$type<CourseMode>().notNull().default("single"),
    startDate: timestamp("start_date", { withTimezone: true }).notNull(),
    endDate: timestamp("end_date", { withTimezone: true }).notNull(),
    tiebreaker: varchar("tiebreaker", { length: 20 }).$type<Tiebreaker>().notNull().default("mostBirdies"),
    tiebreakerThreshold: integer("tiebreaker_threshold").notNull().default(9),
    allowMultipleBirdies: boolean("allow_multiple_birdies").notNull().default(false),
    eagleBonus: boolean("eagle_bonus").notNull().default(false),
    /** Only records the named partner confirmed from their own account count (ADR 0040). */
    requireConfirmation: boolean("require_confirmation").notNull().default(false),
    creatorId: integer("creator_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // Link code and PIN are separate secrets so either can be regenerated without the other leaking.
    inviteCode: varchar("invite_code", { length: 64 }).notNull(),
    invitePin: varchar("invite_pin", { length: 10 }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("challenges_invite_code_idx").on(t.inviteCode),
    uniqueIndex("challenges_invite_pin_idx").on(t.invitePin),
    index("challenges_creator_id_idx").on(t.creatorId),
    // The rules the services enforce, repeated where no code path can skip them.
    check("challenges_end_after_start", sql`${t.endDate} > ${t.startDate}`),
    check("challenges_course_mode", sql`${t.courseMode} in ('single', 'hybrid')`),
    check("challenges_tiebreaker", sql`${t.tiebreaker} in ('mostBirdies', 'firstToThreshold', 'firstToComplete')`),
    check("challenges_threshold_range", sql`${t.tiebreakerThreshold} between 1 and 18`),
  ],
);

export const challengeCourses = pgTable(
  "challenge_courses",
  {
    challengeId: integer("challenge_id")
      .notNull()
      .references(() => challenges.id, { onDelete: "cascade" }),
    courseId: integer("course_id")
      .notNull()
      .references(() => courses.id),
    /** Order the creator chose; position 0 is the course shown first ("X +N more"). */
    position: integer("position").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.challengeId, t.courseId] }),
    index("challenge_courses_course_id_idx").on(t.courseId),
  ],
);

export const challengePlayers = pgTable(
  "challenge_players",
  {
    challengeId: integer("challenge_id")
      .notNull()
      .references(() => challenges.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // The primary key serves "players of a challenge"; "challenges of a user" needs its own index.
  (t) => [primaryKey({ columns: [t.challengeId, t.userId] }), index("challenge_players_user_id_idx").on(t.userId)],
);

export type CourseRow = typeof courses.$inferSelect;
export type ChallengeRow = typeof challenges.$inferSelect;

import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { challenges } from "./challenges";
import { users } from "./users";

/** The catalogue (seeded by a migration; see drizzle/*_achievements_seed.sql). */
export const achievements = pgTable("achievements", {
  id: serial("id").primaryKey(),
  achievementType: varchar("achievement_type", { length: 40 }).notNull().unique(),
  name: varchar("name", { length: 80 }).notNull(),
  description: text("description").notNull(),
  category: varchar("category", { length: 20 }).$type<"milestone" | "specialty">().notNull(),
  icon: varchar("icon", { length: 40 }).notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const userAchievements = pgTable(
  "user_achievements",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    achievementId: integer("achievement_id")
      .notNull()
      .references(() => achievements.id, { onDelete: "cascade" }),
    /** The challenge whose record earned it (kept when the challenge goes). */
    challengeId: integer("challenge_id").references(() => challenges.id, { onDelete: "set null" }),
    earnedAt: timestamp("earned_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Once per user: awarding is idempotent because this index refuses a second row.
    uniqueIndex("user_achievements_user_achievement_idx").on(t.userId, t.achievementId),
    index("user_achievements_user_earned_idx").on(t.userId, t.earnedAt),
  ],
);

/**
 * The first player to record in each challenge (early_bird). A primary key on the challenge makes
 * "first" race-free: the insert that wins is the early bird.
 */
export const challengeFirstRecords = pgTable("challenge_first_records", {
  challengeId: integer("challenge_id")
    .primaryKey()
    .references(() => challenges.id, { onDelete: "cascade" }),
  userId: integer("user_id").notNull(),
  recordedAt: timestamp("recorded_at", { withTimezone: true }).notNull().defaultNow(),
});

export type AchievementRow = typeof achievements.$inferSelect;

import { sql } from "drizzle-orm";
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, varchar } from "drizzle-orm/pg-core";
import type { DecidedBy } from "../../../shared/domain/results";
import type { Tiebreaker } from "../../../shared/schemas/challenges";
import { challenges } from "./challenges";
import { users } from "./users";

/** A challenge's final standings, frozen once when it ends (drizzle/0023, ADR 0042). */
export const challengeResults = pgTable("challenge_results", {
  challengeId: integer("challenge_id")
    .primaryKey()
    .references(() => challenges.id, { onDelete: "cascade" }),
  endedAt: timestamp("ended_at", { withTimezone: true }).notNull(),
  frozenAt: timestamp("frozen_at", { withTimezone: true }).notNull().defaultNow(),
  challengeName: text("challenge_name").notNull(),
  tiebreaker: varchar("tiebreaker", { length: 20 }).$type<Tiebreaker>().notNull(),
  tiebreakerThreshold: integer("tiebreaker_threshold").notNull(),
  eagleBonus: boolean("eagle_bonus").notNull(),
  decidedBy: varchar("decided_by", { length: 20 }).$type<DecidedBy>().notNull(),
  totalPlayers: integer("total_players").notNull(),
});

export const challengeResultPlayers = pgTable(
  "challenge_result_players",
  {
    challengeId: integer("challenge_id")
      .notNull()
      .references(() => challengeResults.challengeId, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    rank: integer("rank").notNull(),
    /** Null once that account is deleted; the name stays as it was. */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    displayName: text("display_name").notNull(),
    points: integer("points").notNull(),
    birdies: integer("birdies").notNull(),
    eagles: integer("eagles").notNull(),
    holes: integer("holes").notNull(),
    winner: boolean("winner").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.challengeId, t.position] }),
    index("challenge_result_players_user_idx").on(t.userId).where(sql`${t.userId} IS NOT NULL`),
  ],
);

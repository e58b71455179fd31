import { sql } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, primaryKey, timestamp, varchar } from "drizzle-orm/pg-core";

/**
 * Per-user totals for every leaderboard period, kept up to date by a trigger on birdie_records
 * (see drizzle/*_leaderboard_stats.sql), so the global boards never scan the records table.
 * period: 'all', 'y:2026', 'm:2026-11', 'w:2026-11-16' (the ISO week's Monday), 'd:2026-11-22';
 * all in UTC by the date played. No foreign key on user_id: a trigger firing during a cascaded
 * user delete must not trip over it; readers join users.
 */
export const userPeriodStats = pgTable(
  "user_period_stats",
  {
    period: varchar("period", { length: 16 }).notNull(),
    userId: integer("user_id").notNull(),
    points: integer("points").notNull().default(0),
    birdies: integer("birdies").notNull().default(0),
    eagles: integer("eagles").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.period, t.userId] }),
    index("user_period_stats_rank_idx").on(t.period, sql`${t.points} desc`, t.userId),
  ],
);

/**
 * One player's standing in one challenge (points, tallies, distinct holes, the moment each hole
 * was first recorded, per-hole counts, the last counting record), kept by a trigger on
 * birdie_records in the records' own transaction (drizzle/0016_challenge_standings.sql, ADR 0036),
 * so challenge boards read one row per player shown instead of the records. Only players with a
 * counting record have a row; boards list members from challenge_players. No foreign keys: the
 * trigger runs inside cascaded deletes.
 */
export const challengeStandings = pgTable(
  "challenge_standings",
  {
    challengeId: integer("challenge_id").notNull(),
    userId: integer("user_id").notNull(),
    points: integer("points").notNull().default(0),
    birdies: integer("birdies").notNull().default(0),
    eagles: integer("eagles").notNull().default(0),
    holes: integer("holes").notNull().default(0),
    /** Ascending; [n] (1-based in SQL) is when the player reached n distinct holes. */
    holeMoments: timestamp("hole_moments", { withTimezone: true }).array().notNull().default(sql`'{}'`),
    holeCounts: jsonb("hole_counts").notNull().default(sql`'{}'::jsonb`),
    lastAt: timestamp("last_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.challengeId, t.userId] })],
);

/**
 * How many golfers hold each points total in each period, as signed deltas the trigger on
 * user_period_stats inserts (never updates, so recorders never wait on each other);
 * compact_period_points() folds them. Own global rank = 1 + golfers with more points.
 */
export const periodPoints = pgTable(
  "period_points",
  {
    period: varchar("period", { length: 16 }).notNull(),
    points: integer("points").notNull(),
    golfers: integer("golfers").notNull(),
    fresh: boolean("fresh").notNull().default(true),
  },
  (t) => [
    // The migration adds INCLUDE (golfers) so a rank is an index-only sum (drizzle cannot say it).
    index("period_points_rank_idx").on(t.period, t.points),
    index("period_points_fresh_idx").on(t.period, t.points).where(sql`${t.fresh}`),
  ],
);

import { sql } from "drizzle-orm";
import { index, integer, pgTable, primaryKey, varchar } from "drizzle-orm/pg-core";

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

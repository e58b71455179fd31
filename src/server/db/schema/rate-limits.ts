import { index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * Rate-limit counters shared by every server process (src/server/lib/rate-limit.ts): one row per
 * rule, key and fixed window. The migration creates it UNLOGGED: counters are worth no WAL, and
 * losing them in a crash only forgives a few attempts.
 */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    rule: text("rule").notNull(),
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull(),
    /** When the row stops mattering (the end of the window after this one); swept after that. */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.rule, t.key, t.windowStart] }),
    index("rate_limit_hits_expires_idx").on(t.expiresAt),
  ],
);

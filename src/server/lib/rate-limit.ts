import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { statement } from "../db/raw";
import { rateLimitHits } from "../db/schema/rate-limits";
import { tooManyRequests } from "./errors";

export type LimitRule = {
  /** Stored with every counter: rules never share counts even when their keys look alike. */
  name: string;
  limit: number;
  windowMs: number;
};

const p = (name: string) => sql.placeholder(name);

/**
 * tryConsume's statement, built once for every limiter (chat sends and sign-ins run it per
 * request; issue 19). Raw SQL gets times as ISO text (postgres.js takes no Date outside drizzle's
 * typed columns). The previous window is read in the same statement; the upsert's WHERE is
 * evaluated against the row as it stands after waiting for its lock, so racing callers on any
 * process cannot push the count past the limit.
 */
const consumeOne = statement<{ hits: number }>(sql`
  with prev as (
    select coalesce(max(${rateLimitHits.hits}), 0) * ${p("previousWeight")}::float8 as weighted
    from ${rateLimitHits}
    where ${rateLimitHits.rule} = ${p("rule")} and ${rateLimitHits.key} = ${p("key")}
      and ${rateLimitHits.windowStart} = ${p("previousStart")}::timestamptz
  )
  insert into ${rateLimitHits} as r (rule, key, window_start, hits, expires_at)
  select ${p("rule")}, ${p("key")}, ${p("start")}::timestamptz, 1, ${p("expiresAt")}::timestamptz
  from prev where prev.weighted + 1 <= ${p("limit")}::int
  on conflict (rule, key, window_start) do update set hits = r.hits + 1
    where r.hits + 1 + (select weighted from prev) <= ${p("limit")}::int
  returning r.hits`);

/**
 * A sliding-window limit whose counters live in PostgreSQL (the `rate_limit_hits` table), so every
 * server process sharing the database enforces one limit together (ADR 0016).
 *
 * Counting is per fixed window, one row per key and window, each hit an atomic upsert. The check
 * weighs in the previous window by how much of it still overlaps the sliding window ending now
 * (the "sliding window counter" of Cloudflare and Upstash): O(1) rows per key, no 2x burst at a
 * window edge, and a limit reached just before an edge still holds right after it.
 *
 * Calls use the database handle given here, never a caller's transaction: a refused or failed
 * request must still count, and on PGlite a query on the global handle inside a transaction would
 * wait for that transaction forever. So call the limiter before opening one.
 */
export class RateLimiter {
  constructor(
    private db: Db,
    readonly rule: LimitRule,
    private clock: () => number = Date.now,
  ) {}

  /** Counts one attempt when the key is under the limit; false (nothing counted) when it is not. */
  async tryConsume(key: string): Promise<boolean> {
    const w = this.windows();
    const counted = await consumeOne(this.db, {
      rule: this.rule.name,
      limit: this.rule.limit,
      key,
      previousWeight: w.previousWeight,
      previousStart: w.previousStart.toISOString(),
      start: w.start.toISOString(),
      expiresAt: w.expiresAt.toISOString(),
    });
    return counted.length > 0;
  }

  /** Counts one attempt, or throws 429 (with `message`) when the key is already at the limit. */
  async consume(key: string, message?: string): Promise<void> {
    if (!(await this.tryConsume(key))) throw tooManyRequests(message);
  }

  /** Counts one attempt whatever the count (a failure that happened, e.g. a wrong password). */
  async hit(key: string): Promise<void> {
    const w = this.windows();
    await this.db
      .insert(rateLimitHits)
      .values({ rule: this.rule.name, key, windowStart: w.start, hits: 1, expiresAt: w.expiresAt })
      .onConflictDoUpdate({
        target: [rateLimitHits.rule, rateLimitHits.key, rateLimitHits.windowStart],
        set: { hits: sql`${rateLimitHits.hits} + 1` },
      });
  }

  /** True when one more attempt would go over the limit (nothing is counted). */
  async isLimited(key: string): Promise<boolean> {
    return (await this.count(key)) + 1 > this.rule.limit;
  }

  /** The weighted number of attempts in the sliding window ending now. */
  async count(key: string): Promise<number> {
    const w = this.windows();
    const found = await this.db
      .select({ windowStart: rateLimitHits.windowStart, hits: rateLimitHits.hits })
      .from(rateLimitHits)
      .where(
        and(
          eq(rateLimitHits.rule, this.rule.name),
          eq(rateLimitHits.key, key),
          inArray(rateLimitHits.windowStart, [w.start, w.previousStart]),
        ),
      );
    let total = 0;
    for (const row of found) {
      total += row.windowStart.getTime() === w.start.getTime() ? row.hits : row.hits * w.previousWeight;
    }
    return total;
  }

  /** Forgets the key (e.g. a correct password clears its own failures). */
  async reset(key: string): Promise<void> {
    await this.db.delete(rateLimitHits).where(and(eq(rateLimitHits.rule, this.rule.name), eq(rateLimitHits.key, key)));
  }

  private windows() {
    const now = this.clock();
    const { windowMs } = this.rule;
    const startMs = Math.floor(now / windowMs) * windowMs;
    return {
      start: new Date(startMs),
      previousStart: new Date(startMs - windowMs),
      // The share of the previous window still inside the sliding window that ends now.
      previousWeight: 1 - (now - startMs) / windowMs,
      // This window's row still weighs in during the next window; after that it is dead weight.
      expiresAt: new Date(startMs + 2 * windowMs),
    };
  }
}

/** Deletes counters whose windows no longer weigh in anywhere (run by the scheduled sweep). */
export async function sweepRateLimits(db: Db, now = new Date()): Promise<number> {
  const gone = await db
    .delete(rateLimitHits)
    .where(lt(rateLimitHits.expiresAt, now))
    .returning({ rule: rateLimitHits.rule });
  return gone.length;
}

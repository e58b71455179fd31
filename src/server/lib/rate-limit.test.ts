import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import type { Database } from "../db/client";
import { rateLimitHits } from "../db/schema/rate-limits";
import { createTestDatabase, openPeerDatabase } from "../test/harness/harness";
import { RateLimiter, sweepRateLimits } from "./rate-limit";

// The limiter against a real database: PGlite by default; in the PostgreSQL pass the "peer" is a
// second connection pool on the same database, as a second server process would hold.

let database: Database;
let peer: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  peer = await openPeerDatabase(database);
}, 120_000);
afterAll(async () => {
  await peer.close();
  await database.close();
});

const MINUTE = 60_000;
let seq = 0;
const rule = (limit: number, windowMs = 10 * MINUTE) => ({ name: `test-${++seq}`, limit, windowMs });

describe("RateLimiter (shared, in the database)", () => {
  test("allows `limit` attempts per window, then refuses without counting the refused ones", async () => {
    let now = Date.UTC(2030, 0, 1, 12, 0, 0);
    const limiter = new RateLimiter(database.db, rule(3), () => now);
    for (let i = 0; i < 3; i++) expect(await limiter.tryConsume("k")).toBe(true);
    expect(await limiter.tryConsume("k")).toBe(false);
    expect(await limiter.tryConsume("k")).toBe(false);
    expect(await limiter.count("k")).toBe(3);
    expect(await limiter.isLimited("k")).toBe(true);
    // Another key has its own budget.
    expect(await limiter.tryConsume("other")).toBe(true);
    now += 1000;
    await expect(limiter.consume("k", "Slow down")).rejects.toMatchObject({
      kind: "TOO_MANY_REQUESTS",
      message: "Slow down",
    });
  });

  test("the window slides: attempts at the end of one window still count early in the next", async () => {
    const windowMs = 10 * MINUTE;
    const start = Date.UTC(2030, 0, 1, 12, 0, 0);
    let now = start + windowMs - 1000; // one second before a window edge
    const limiter = new RateLimiter(database.db, rule(4, windowMs), () => now);
    for (let i = 0; i < 4; i++) expect(await limiter.tryConsume("k")).toBe(true);
    now = start + windowMs + 1000; // just past the edge: a fixed window would forget everything
    expect(await limiter.tryConsume("k")).toBe(false);
    now = start + windowMs + windowMs / 2; // half the old window still overlaps: 2 of 4 weigh in
    expect(await limiter.tryConsume("k")).toBe(true);
    expect(await limiter.tryConsume("k")).toBe(true);
    expect(await limiter.tryConsume("k")).toBe(false);
    now = start + 3 * windowMs; // a whole quiet window later, a fresh budget
    for (let i = 0; i < 4; i++) expect(await limiter.tryConsume("k")).toBe(true);
  });

  test("hit counts past the limit; reset forgets the key", async () => {
    const limiter = new RateLimiter(database.db, rule(2));
    for (let i = 0; i < 4; i++) await limiter.hit("k");
    expect(await limiter.count("k")).toBe(4);
    expect(await limiter.isLimited("k")).toBe(true);
    await limiter.reset("k");
    expect(await limiter.count("k")).toBe(0);
    expect(await limiter.tryConsume("k")).toBe(true);
  });

  test("two instances on one database share the limit, even racing", async () => {
    const shared = rule(10);
    const a = new RateLimiter(database.db, shared);
    const b = new RateLimiter(peer.db, shared);
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).tryConsume("racing")));
    expect(results.filter(Boolean)).toHaveLength(10);
    expect(await a.count("racing")).toBe(10);
    expect(await b.isLimited("racing")).toBe(true);
  });

  test("the sweep deletes counters whose windows no longer weigh in, and keeps live ones", async () => {
    const windowMs = MINUTE;
    let now = Date.UTC(2030, 0, 1, 12, 0, 0);
    const limiter = new RateLimiter(database.db, rule(5, windowMs), () => now);
    await limiter.hit("old");
    now += 5 * windowMs;
    await limiter.hit("live");
    await sweepRateLimits(database.db, new Date(now));
    const left = await database.db
      .select({ key: rateLimitHits.key })
      .from(rateLimitHits)
      .where(eq(rateLimitHits.rule, limiter.rule.name));
    expect(left.map((r) => r.key)).toEqual(["live"]);
    expect(await limiter.count("live")).toBe(1);
  });
});

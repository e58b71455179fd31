import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { rateLimitHits } from "../db/schema/rate-limits";
import { sessions } from "../db/schema/users";
import { startServer } from "../server";
import { createTestHarness, signUp, testEnv, type TestHarness } from "../test/harness/harness";
import { RateLimiter } from "./rate-limit";
import { sweepExpired } from "./sweep";

// Issue 13 row 21: expired sessions (and rate-limit counters) are deleted on a schedule.
let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness();
}, 120_000);
afterAll(() => h.close());

const HOUR = 3_600_000;

async function addSession(userId: number, id: string, expiresInMs: number) {
  await h.db.insert(sessions).values({ id, userId, expiresAt: new Date(Date.now() + expiresInMs) });
}

describe("sweeping expired rows", () => {
  test("expired sessions and dead counters go; live ones stay", async () => {
    const { user } = await signUp(h);
    await addSession(user.id, "sweep-expired-1", -HOUR);
    await addSession(user.id, "sweep-expired-2", -1000);
    await addSession(user.id, "sweep-live", HOUR);
    const old = new RateLimiter(h.db, { name: "sweep-test", limit: 5, windowMs: 60_000 }, () => Date.now() - 10 * HOUR);
    const live = new RateLimiter(h.db, { name: "sweep-test", limit: 5, windowMs: 60_000 });
    await old.hit("old-key");
    await live.hit("live-key");

    const swept = await sweepExpired(h.db);
    expect(swept.sessions).toBeGreaterThanOrEqual(2);
    expect(swept.rateLimits).toBeGreaterThanOrEqual(1);
    const left = await h.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id));
    // The sign-up session and the live one.
    expect(left).toHaveLength(2);
    expect(left.map((s) => s.id)).toContain("sweep-live");
    const counters = await h.db
      .select({ key: rateLimitHits.key })
      .from(rateLimitHits)
      .where(eq(rateLimitHits.rule, "sweep-test"));
    expect(counters.map((c) => c.key)).toEqual(["live-key"]);
  });

  test("a running server sweeps on its own schedule", async () => {
    const { user } = await signUp(h);
    const server = await startServer(testEnv({ PORT: "0" }), {
      database: { ...h.database, close: async () => {} },
      sweepIntervalMs: 100,
    });
    try {
      // Expired after the server's first sweep, so only a later, scheduled one can remove it.
      await Bun.sleep(50);
      await addSession(user.id, "sweep-scheduled", -1000);
      let gone = false;
      for (let i = 0; i < 50 && !gone; i++) {
        await Bun.sleep(50);
        gone = (await h.db.select().from(sessions).where(eq(sessions.id, "sweep-scheduled"))).length === 0;
      }
      expect(gone).toBe(true);
    } finally {
      await server.stop();
    }
  });
});

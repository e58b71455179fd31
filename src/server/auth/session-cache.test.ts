import { describe, expect, test } from "bun:test";
import { twoInstances } from "../test/harness/instances";
import { METRICS_TOKEN, revocationScenarios } from "../test/harness/session-revocation";
import { FRESH_WITHIN_MS, SessionCache } from "./session-cache";

// Issue 19: the session cache (ADR 0044). Two instances on one database: on PGlite (the embedded
// path) both serve from this process and share its in-process LISTEN/NOTIFY; in the PostgreSQL
// pass B is another process (auth/session-cache.pg-test.ts adds the lost-notification case there).

const ENV = { TRUST_PROXY: "1", METRICS_TOKEN };
const two = twoInstances(ENV);

const scenarios = revocationScenarios(() => ({ a: two.a.url, b: two.b.origin, database: two.database }));
const kind = process.env.TEST_DATABASE_URL ? "two processes" : "embedded database, two servers in one process";

describe(`a cached session is refused within 1 s of its revocation (${kind})`, () => {
  test("sign-out", async () => {
    await scenarios.logout();
  });
  test("password change", async () => {
    await scenarios.passwordChange();
  });
  test("an admin disabling the account", async () => {
    await scenarios.disable();
  });
  test("a changed user row", async () => {
    await scenarios.profileChange();
  });
});

describe("SessionCache rules", () => {
  const row = (id: string, userId: number) => ({
    session: { id, userId, expiresAt: new Date(Date.now() + 86_400_000), createdAt: new Date() },
    user: { id: userId } as never,
  });

  test("answers only while its own notification came back within the freshness window", () => {
    let now = 1_000_000;
    const cache = new SessionCache(two.database.db, () => now);
    cache.set(row("s1", 1), cache.mark());
    expect(cache.get("s1")).toBeUndefined();
    cache.alive(String(now));
    expect(cache.get("s1")?.session.id).toBe("s1");
    now += FRESH_WITHIN_MS + 1;
    expect(cache.get("s1")).toBeUndefined();
    cache.alive(String(now));
    expect(cache.get("s1")?.session.id).toBe("s1");
    // A re-subscribed listener may have missed revocations: nothing cached survives it.
    cache.listenerReset();
    cache.alive(String(now));
    expect(cache.get("s1")).toBeUndefined();
  });

  test("caughtUp waits for a stamp sent after the call, not for one sent before it (ADR 0056)", async () => {
    const now = 1_000_000;
    const cache = new SessionCache(two.database.db, () => now);
    const earlier = cache.caughtUp(2_000);
    const later = cache.caughtUp(2_000);
    let laterDone = false;
    void later.then(() => (laterDone = true));
    // Two calls in one millisecond get two stamps: the first one's return answers only the first.
    cache.alive(String(now));
    expect(await earlier).toBe(true);
    await Bun.sleep(20);
    expect(laterDone).toBe(false);
    cache.alive(String(now + 1));
    expect(await later).toBe(true);
    // Nothing comes back (this test listens to nothing): false once the time is up.
    expect(await cache.caughtUp(50)).toBe(false);
    cache.stop();
  });

  test("a read that began before an eviction does not cache what it read", () => {
    const now = 1_000_000;
    const cache = new SessionCache(two.database.db, () => now);
    cache.alive(String(now));
    const mark = cache.mark();
    cache.evictSessions(["s2"]);
    cache.set(row("s2", 2), mark);
    expect(cache.get("s2")).toBeUndefined();
    cache.set(row("s2", 2), cache.mark());
    cache.set(row("s3", 2), cache.mark());
    cache.set(row("s4", 3), cache.mark());
    cache.evictUsers([2]);
    expect(cache.get("s2")).toBeUndefined();
    expect(cache.get("s3")).toBeUndefined();
    expect(cache.get("s4")?.session.id).toBe("s4");
  });
});

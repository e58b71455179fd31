import { expect } from "bun:test";
import { eq } from "drizzle-orm";
import type { Database } from "../../db/client";
import { users } from "../../db/schema/users";
import { serverClient, signUpAt } from "./test-socket";

// Session-cache revocation (issue 19, ADR 0044), shared by the PostgreSQL two-process test
// (auth/session-cache.pg-test.ts) and the embedded one (auth/session-cache.test.ts): a session is
// cached on instance B, revoked through instance A (or straight in the database), and B must stop
// honouring it within REVOKED_WITHIN_MS of the revoking commit.

/** Issue 19: no request may use a revoked session after the revocation commits + 1 s. */
export const REVOKED_WITHIN_MS = 1_000;
export const METRICS_TOKEN = "session-cache-metrics-token";

/** One unlabelled metric of an instance started with METRICS_TOKEN, e.g. "birdie_read_cache_hits". */
export async function metricOf(origin: string, name: string): Promise<number> {
  const res = await fetch(`${origin}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await res.text();
  const line = text.split("\n").find((l) => l.startsWith(`${name} `));
  if (!line) throw new Error(`no ${name} metric on ${origin}: ${res.status}`);
  return Number(line.split(" ")[1]);
}

/** This instance's counter of session look-ups the cache answered. */
export const cacheHits = (origin: string) => metricOf(origin, "birdie_session_cache_hits");

/** Requests on `origin` with `cookie` until one is answered 401; proves the cache served it before. */
export async function warm(origin: string, cookie: string): Promise<void> {
  const before = await cacheHits(origin);
  for (let i = 0; i < 10; i++) {
    const res = await fetch(`${origin}/api/user`, { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    await Bun.sleep(30);
  }
  // Honest only if B really answered from its cache before the revocation.
  expect(await cacheHits(origin)).toBeGreaterThan(before);
}

/**
 * Asks `origin` with `cookie` every 10 ms from `since` (the revoking commit's moment, or just
 * before it) until the answer is 401; fails unless that happens within REVOKED_WITHIN_MS, and
 * checks it stays refused.
 */
export async function refusedWithin(origin: string, cookie: string, since: number): Promise<number> {
  for (;;) {
    const started = performance.now();
    const res = await fetch(`${origin}/api/user`, { headers: { Cookie: cookie } });
    await res.arrayBuffer();
    if (res.status === 401) {
      const after = started - since;
      expect(after).toBeLessThan(REVOKED_WITHIN_MS);
      expect((await fetch(`${origin}/api/user`, { headers: { Cookie: cookie } })).status).toBe(401);
      return after;
    }
    expect(res.status).toBe(200);
    if (started - since > REVOKED_WITHIN_MS)
      throw new Error(`session still honoured ${Math.round(started - since)} ms after its revocation`);
    await Bun.sleep(10);
  }
}

let addressSeq = 0;
const from = () => ({ "X-Forwarded-For": `203.0.113.${(++addressSeq % 250) + 1}` });

/** A golfer signed up on A with a second session (another device); both cookies. */
export async function golferWithTwoSessions(a: string, name: string) {
  const golfer = await signUpAt(a, name, from());
  const { username } = (await golfer.client.get("/api/user")).json;
  const other = serverClient(a);
  expect((await other.post("/api/login", { username, password: "birdie123" }, from())).status).toBe(200);
  return { golfer, username, other, otherCookie: `session=${other.cookies.get("session")}` };
}

export function revocationScenarios(ctx: () => { a: string; b: string; database: Database }) {
  return {
    async logout() {
      const { a, b } = ctx();
      const { golfer } = await golferWithTwoSessions(a, "Lou Logout");
      await warm(b, golfer.cookie);
      const res = await golfer.client.post("/api/logout");
      expect(res.status).toBe(200);
      return refusedWithin(b, golfer.cookie, performance.now());
    },

    async passwordChange() {
      const { a, b } = ctx();
      const { golfer, otherCookie } = await golferWithTwoSessions(a, "Pat Password");
      await warm(b, otherCookie);
      await warm(b, golfer.cookie);
      const since = performance.now();
      const res = await golfer.client.put("/api/users/me/password", {
        currentPassword: "birdie123",
        newPassword: "new-birdie-456",
      });
      expect(res.status).toBe(200);
      const after = await refusedWithin(b, otherCookie, since);
      // The session that made the change stays signed in, on B too.
      expect((await fetch(`${b}/api/user`, { headers: { Cookie: golfer.cookie } })).status).toBe(200);
      return after;
    },

    async disable() {
      const { a, b, database } = ctx();
      const { golfer, otherCookie } = await golferWithTwoSessions(a, "Dee Disabled");
      const admin = await signUpAt(a, "Ada Admin", from());
      await database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
      await warm(b, golfer.cookie);
      await warm(b, otherCookie);
      const since = performance.now();
      const res = await admin.client.post("/trpc/admin.users.setDisabled", { userId: golfer.id, disabled: true });
      expect(res.status).toBe(200);
      const afters = await Promise.all([refusedWithin(b, golfer.cookie, since), refusedWithin(b, otherCookie, since)]);
      return Math.max(...afters);
    },

    /** A changed user row (here the name) reaches B's cached copy within the same bound. */
    async profileChange() {
      const { a, b } = ctx();
      const { golfer } = await golferWithTwoSessions(a, "Nia Name");
      await warm(b, golfer.cookie);
      const since = performance.now();
      expect((await golfer.client.put("/api/users/me", { displayName: "Nia Renamed" })).status).toBe(200);
      for (;;) {
        const started = performance.now();
        const me = await fetch(`${b}/api/user`, { headers: { Cookie: golfer.cookie } }).then((r) => r.json());
        if (me.displayName === "Nia Renamed") return started - since;
        if (started - since > REVOKED_WITHIN_MS) throw new Error("B still shows the old name after 1 s");
        await Bun.sleep(10);
      }
    },
  };
}

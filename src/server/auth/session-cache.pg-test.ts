import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { LISTENER_APPLICATION_NAME } from "../db/pg-listener";
import { startServer, type RunningServer } from "../server";
import { createTestDatabase, testDatabaseUrl, testEnv } from "../test/harness/harness";
import { type Instance, startChildInstance } from "../test/harness/instances";
import {
  golferWithTwoSessions,
  METRICS_TOKEN,
  refusedWithin,
  revocationScenarios,
  warm,
} from "../test/harness/session-revocation";

// Issue 19: the per-process session cache (ADR 0044) across two server processes on one
// PostgreSQL. A is this process, B another OS process running the real entry point. A session
// cached on B and revoked through A (sign-out, password change, an admin disabling the account)
// or straight in the database while every listener is down, must be refused by B within 1 s of
// the revoking commit. PostgreSQL only (*.pg-test.ts): scripts/test-postgres.sh runs it by name.

if (!process.env.TEST_DATABASE_URL) throw new Error("session-cache.pg-test.ts needs TEST_DATABASE_URL");

const ENV = { TRUST_PROXY: "1", METRICS_TOKEN, RATE_LIMIT_SCALE: "100" };
let database: Database;
let a: RunningServer;
let b: Instance;

beforeAll(async () => {
  database = await createTestDatabase();
  a = await startServer(testEnv({ PORT: "0", ...ENV }), { database });
  b = await startChildInstance(testDatabaseUrl(database)!, ENV);
}, 60_000);
afterAll(async () => {
  await b?.stop();
  await a?.stop();
  await database?.close();
}, 120_000);

const scenarios = revocationScenarios(() => ({ a: a.url, b: b.origin, database }));

describe("a session cached on B is refused within 1 s of its revocation on A (two processes)", () => {
  test("sign-out", async () => {
    console.log(`sign-out reached B after ${Math.round(await scenarios.logout())} ms`);
  });
  test("password change: the other sessions end, the changing one stays", async () => {
    console.log(`password change reached B after ${Math.round(await scenarios.passwordChange())} ms`);
  });
  test("an admin disabling the account", async () => {
    console.log(`disabling reached B after ${Math.round(await scenarios.disable())} ms`);
  });
  test("a changed user row (display name) replaces B's cached copy", async () => {
    console.log(`the new name reached B after ${Math.round(await scenarios.profileChange())} ms`);
  });

  test("a revocation whose notification is lost (every listener cut at that moment) still holds within 1 s", async () => {
    const { golfer, otherCookie } = await golferWithTwoSessions(a.url, "Lee Lost");
    await warm(b.origin, otherCookie);
    await warm(a.url, otherCookie);
    const session = (await golfer.client.get("/api/user")).json;
    expect(session.displayName).toBe("Lee Lost");
    // Both processes' listeners die; the session is deleted in the same moment, so its
    // 'session_ended' notification reaches no one. Only the freshness rule can refuse it now.
    const since = performance.now();
    const killed = await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ${LISTENER_APPLICATION_NAME}`,
    );
    expect((killed as unknown as unknown[]).length).toBeGreaterThanOrEqual(2);
    await database.db.execute(
      sql`delete from sessions where user_id = ${golfer.id} and id <> ${sessionIdOf(golfer.cookie)}`,
    );
    const [onB, onA] = await Promise.all([
      refusedWithin(b.origin, otherCookie, since),
      refusedWithin(a.url, otherCookie, since),
    ]);
    console.log(
      `with the notification lost: refused on B after ${Math.round(onB)} ms, on A after ${Math.round(onA)} ms`,
    );
    // The first session was never revoked and works again once the listeners are back.
    expect((await fetch(`${b.origin}/api/user`, { headers: { Cookie: golfer.cookie } })).status).toBe(200);
  });
});

function sessionIdOf(cookie: string): string {
  const token = cookie.replace(/^session=/, "");
  return new Bun.CryptoHasher("sha256").update(token).digest("hex");
}

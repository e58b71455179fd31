import { afterAll, beforeAll, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { pushVapidKeys } from "../../db/schema/push";
import { createTestHarness, openPeerDatabase, type TestHarness } from "../../test/harness/harness";
import { vapidKeys } from "./vapid";

// Instances started together on one PostgreSQL database (ADR 0038): each may generate a VAPID key
// pair at the same moment, on its own pool; all must end up signing with the one pair kept.
// Run with TEST_DATABASE_URL=postgres://... (scripts/test-postgres.sh).

let h: TestHarness;
const peers: Database[] = [];
beforeAll(async () => {
  if (!process.env.TEST_DATABASE_URL) throw new Error("vapid.pg-test.ts needs TEST_DATABASE_URL");
  h = await createTestHarness();
  for (let i = 0; i < 4; i++) peers.push(await openPeerDatabase(h.database));
}, 120_000);
afterAll(async () => {
  for (const p of peers) await p.close();
  await h?.close();
});

test("five instances generating at once keep one pair, and every one of them uses it", async () => {
  // Each instance's first read finds no row, so every one of them generates and inserts.
  const keys = await Promise.all([h.database, ...peers].map((database) => vapidKeys({ env: h.env, database })));
  expect(new Set(keys.map((k) => k.publicKey)).size).toBe(1);
  expect(new Set(keys.map((k) => k.privateKey)).size).toBe(1);
  const [{ count }] = await h.db.select({ count: sql<number>`count(*)::int` }).from(pushVapidKeys);
  expect(count).toBe(1);
});

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq, inArray } from "drizzle-orm";
import { ADMINS_ONLY } from "../../../shared/schemas/admin";
import { users, type UserRow } from "../../db/schema/users";
import { createTestHarness, signUp, type TestHarness } from "../../test/harness/harness";

// Two admins acting on each other at the same moment (issue 13 row 11). Before the fix each
// transaction locked its target's row and then, writing the audit entry, needed a key-share lock
// on its own actor's row, which the other held: PostgreSQL broke the deadlock with a 500. Now the
// two rows are locked in one order and the actor is re-checked under the lock, so one action wins
// and the other is refused (the loser is no longer an admin), and an admin always remains.
// Meaningful on PostgreSQL (CI's PostgreSQL pass); on PGlite the transactions run one at a time.

const RACES = 25;

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness();
}, 120_000);
afterAll(() => h.close());

async function twoAdmins(): Promise<[UserRow, UserRow]> {
  const ids = [(await signUp(h)).user.id, (await signUp(h)).user.id];
  const rows = await h.db.update(users).set({ isAdmin: true }).where(inArray(users.id, ids)).returning();
  const byId = new Map(rows.map((r) => [r.id, r]));
  return [byId.get(ids[0])!, byId.get(ids[1])!];
}

const outcome = (p: Promise<unknown>) =>
  p.then(
    () => "ok",
    (err: { code?: string; message?: string }) => `${err.code}: ${err.message}`,
  );

async function adminFlags(a: UserRow, b: UserRow) {
  const rows = await h.db
    .select({ id: users.id, isAdmin: users.isAdmin, disabled: users.disabled })
    .from(users)
    .where(inArray(users.id, [a.id, b.id]));
  return rows.filter((r) => r.isAdmin && !r.disabled).length;
}

describe("two admins acting on each other at once", () => {
  test(`${RACES} mutual revocations: never a 500; one wins, the other is refused, one admin remains`, async () => {
    const seen: string[][] = [];
    for (let race = 0; race < RACES; race++) {
      const [a, b] = await twoAdmins();
      // Both requests passed the admin check when they arrived (the session was loaded before).
      const results = await Promise.all([
        outcome(h.caller(a).admin.users.setAdmin({ userId: b.id, isAdmin: false })),
        outcome(h.caller(b).admin.users.setAdmin({ userId: a.id, isAdmin: false })),
      ]);
      seen.push([...results.sort(), `admins left: ${await adminFlags(a, b)}`]);
    }
    const expected = [`FORBIDDEN: ${ADMINS_ONLY}`, "ok", "admins left: 1"];
    expect(seen).toEqual(seen.map(() => expected));
  }, 300_000);

  test(`${RACES} mutual disables: never a 500; one wins, the other is refused`, async () => {
    const seen: string[][] = [];
    for (let race = 0; race < RACES; race++) {
      const [a, b] = await twoAdmins();
      const results = await Promise.all([
        outcome(h.caller(a).admin.users.setDisabled({ userId: b.id, disabled: true })),
        outcome(h.caller(b).admin.users.setDisabled({ userId: a.id, disabled: true })),
      ]);
      seen.push([...results.sort(), `admins left: ${await adminFlags(a, b)}`]);
    }
    const expected = [`FORBIDDEN: ${ADMINS_ONLY}`, "ok", "admins left: 1"];
    expect(seen).toEqual(seen.map(() => expected));
  }, 300_000);

  test("an admin revoked before their request is handled is refused, and the target keeps its rights", async () => {
    const [a, b] = await twoAdmins();
    await h.db.update(users).set({ isAdmin: false }).where(eq(users.id, a.id));
    // `a` still holds the row loaded with its session: the service checks again.
    expect(await outcome(h.caller(a).admin.users.setAdmin({ userId: b.id, isAdmin: false }))).toBe(
      `FORBIDDEN: ${ADMINS_ONLY}`,
    );
    const [row] = await h.db.select().from(users).where(eq(users.id, b.id));
    expect(row.isAdmin).toBe(true);
  });
});

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { rows } from "../../db/raw";
import { challengeWindow, createChallenge, join as joinChallenge } from "../../test/harness/challenge-fixtures";
import { createTestHarness, RestClient, signUp, type TestHarness } from "../../test/harness/harness";

let h: TestHarness;

const JPEG = new Uint8Array(readFileSync(join(import.meta.dir, "../../test/harness/fixtures/tiny.jpg")));
const partner = { name: "Pat Partner", signature: "P. Partner" };
const today = () => new Date().toISOString().slice(0, 10);

beforeAll(async () => {
  h = await createTestHarness();
}, 60_000);
afterAll(() => h.close());

/** Every column holding a user id, read from pg_catalog here (independently of the code under test). */
async function userIdColumns(): Promise<{ table: string; column: string }[]> {
  const fks = await rows<{ table: string; column: string }>(
    h.db,
    sql`select c.conrelid::regclass::text as "table", a.attname as "column"
          from pg_constraint c
          join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any(c.conkey)
         where c.contype = 'f' and c.confrelid = 'users'::regclass`,
  );
  return [...fks, { table: "user_period_stats", column: "user_id" }];
}

/** A golfer who has done a bit of everything: created and joined challenges, recorded, chatted, asked support. */
async function busyGolfer() {
  const golfer = await signUp(h, { displayName: "Della Deleter" });
  const friend = await signUp(h, { displayName: "Fred Friend" });
  const late = await signUp(h, { displayName: "Lara Late" });
  const shared = await createChallenge(golfer.client, { ...challengeWindow(-3, 10) });
  await joinChallenge(friend.client, shared.inviteCode);
  await joinChallenge(late.client, shared.inviteCode);
  const solo = await createChallenge(golfer.client, { ...challengeWindow(-3, 10) });
  const theirs = await createChallenge(friend.client, { ...challengeWindow(-3, 10) });
  await joinChallenge(golfer.client, theirs.inviteCode);
  for (const [c, hole] of [
    [shared, 1],
    [theirs, 2],
  ] as const) {
    const res = await golfer.client.post("/api/birdies", {
      challengeId: c.id,
      holeNumber: hole,
      score: 3,
      date: today(),
      verifiedBy: partner,
    });
    expect(res.status).toBe(201);
  }
  expect((await golfer.client.post(`/api/challenges/${theirs.id}/chat`, { message: "Nice round!" })).status).toBe(201);
  expect((await golfer.client.post("/api/courses", { name: `Della Links ${Date.now()}` })).status).toBe(201);
  expect(
    (
      await golfer.client.post("/api/support", {
        email: golfer.input.email,
        subject: "Help",
        message: "How do eagles count?",
      })
    ).status,
  ).toBe(201);
  const dataUrl = `data:image/jpeg;base64,${Buffer.from(JPEG).toString("base64")}`;
  expect((await golfer.client.put("/api/users/me", { profilePicture: dataUrl })).status).toBe(200);
  return { golfer, friend, late, shared, solo, theirs };
}

describe("GET /api/users/me/export", () => {
  test("every table that holds the golfer's id appears with all its rows; secrets are left out", async () => {
    const { golfer } = await busyGolfer();
    const res = await golfer.client.get("/api/users/me/export");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain("attachment");
    const { tables, userId } = res.json;
    expect(userId).toBe(golfer.user.id);
    expect(tables.users).toHaveLength(1);
    expect(tables.users[0]).toMatchObject({ username: golfer.input.username, email: golfer.input.email });
    expect(tables.users[0]).not.toHaveProperty("password_hash");
    expect(tables.sessions.length).toBeGreaterThan(0);
    expect(tables.sessions.every((s: object) => !("id" in s))).toBe(true);
    expect(Buffer.from(tables.user_pictures[0].data, "base64")).toEqual(Buffer.from(JPEG));
    expect(JSON.stringify(res.json)).not.toContain("$argon2");

    let checked = 0;
    for (const { table, column } of await userIdColumns()) {
      const [{ n }] = await rows<{ n: number }>(
        h.db,
        sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${golfer.user.id}`,
      );
      if (n === 0) continue;
      checked += 1;
      const exported = (tables[table] ?? []).filter((r: Record<string, unknown>) => r[column] === golfer.user.id);
      expect(exported.length, `${table}.${column}`).toBe(n);
    }
    // The golfer above fills at least these: sessions, memberships, challenges, records, stats,
    // achievements, chat, courses, support, picture, round submissions.
    expect(checked).toBeGreaterThanOrEqual(10);
  });

  test("the tRPC twin answers the same tables; signed out 401", async () => {
    const { golfer } = await busyGolfer();
    const viaTrpc = await h.caller(golfer.user).account.export();
    expect(Object.keys(viaTrpc.tables).sort()).toEqual(
      Object.keys((await golfer.client.get("/api/users/me/export")).json.tables).sort(),
    );
    expect((await new RestClient(h.app).get("/api/users/me/export")).status).toBe(401);
  });
});

describe("DELETE /api/users/me", () => {
  test("a wrong or missing password is refused and deletes nothing", async () => {
    const golfer = await signUp(h);
    expect(await golfer.client.request("DELETE", "/api/users/me", { password: "not-it" })).toMatchObject({
      status: 400,
      json: { message: "Password is incorrect" },
    });
    expect(await golfer.client.request("DELETE", "/api/users/me", {})).toMatchObject({
      status: 400,
      json: { message: "Enter your password to delete your account" },
    });
    expect((await golfer.client.get("/api/user")).status).toBe(200);
  });

  test("records waiting for the deleted golfer's confirmation go back to signed, with the reason in their history", async () => {
    const golfer = await signUp(h, { displayName: "Gina Golfer" });
    const leaving = await signUp(h, { displayName: "Paul Leaving" });
    const c = await createChallenge(golfer.client, { ...challengeWindow(-3, 10) });
    await joinChallenge(leaving.client, c.inviteCode);
    const recorded = await golfer.client.post("/api/birdies", {
      challengeId: c.id,
      holeNumber: 4,
      score: 3,
      date: today(),
      partnerUserId: leaving.user.id,
    });
    expect(recorded.status).toBe(201);
    expect(recorded.json.verificationStatus).toBe("pending");
    expect((await leaving.client.request("DELETE", "/api/users/me", { password: leaving.input.password })).status).toBe(
      200,
    );
    const history = await golfer.client.get(`/api/birdies/${recorded.json.id}/history`);
    expect(history.json.map((e: { to: string }) => e.to)).toEqual(["pending", "signed"]);
    expect(history.json[1]).toMatchObject({
      from: "pending",
      reason: "The partner's account was deleted before they answered",
    });
    const board = (await golfer.client.get(`/api/challenges/${c.id}/leaderboard`)).json;
    expect(JSON.stringify(board)).toContain("Gina Golfer");
    const [{ status }] = await rows<{ status: string }>(
      h.db,
      sql`select verification_status as status from birdie_records where id = ${recorded.json.id}`,
    );
    expect(status).toBe("signed");
  });

  test("deletes the account: no row names the golfer; challenges pass to the longest-standing member or go; chat stays authorless", async () => {
    const { golfer, friend, late, shared, solo, theirs } = await busyGolfer();
    const id = golfer.user.id;
    const res = await golfer.client.request("DELETE", "/api/users/me", { password: golfer.input.password });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true, transferred: 1, deletedChallenges: 1 });
    expect(res.headers.getSetCookie().some((c) => /Max-Age=0/i.test(c))).toBe(true);

    // Signed out everywhere, and the account is gone.
    expect((await golfer.client.get("/api/user")).status).toBe(401);

    // No id column anywhere still holds the golfer's id.
    for (const { table, column } of await userIdColumns()) {
      const [{ n }] = await rows<{ n: number }>(
        h.db,
        sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${id}`,
      );
      expect(n, `${table}.${column}`).toBe(0);
    }
    // No text anywhere carries the username or the e-mail address.
    const textColumns = await rows<{ table: string; column: string }>(
      h.db,
      sql`select table_name as "table", column_name as "column" from information_schema.columns
           where table_schema = current_schema() and data_type in ('text', 'character varying', 'jsonb')`,
    );
    for (const { table, column } of textColumns) {
      const [{ n }] = await rows<{ n: number }>(
        h.db,
        sql`select count(*)::int as n from ${sql.identifier(table)}
             where ${sql.identifier(column)}::text ilike ${`%${golfer.input.username}%`}
                or ${sql.identifier(column)}::text ilike ${`%${golfer.input.email}%`}`,
      );
      expect(n, `${table}.${column}`).toBe(0);
    }

    // (Checked after the scan: a sign-in attempt with any name counts against that name again.)
    const login = await new RestClient(h.app).post("/api/login", {
      username: golfer.input.username,
      password: golfer.input.password,
    });
    expect(login.status).toBe(401);

    // The shared challenge passed to Fred (joined before Lara); the solo one is gone; Fred's stays.
    const view = await friend.client.get(`/api/challenges/${shared.id}`);
    expect(view.json.creatorId).toBe(friend.user.id);
    // The room heard the hand-over, as when a creator hands a challenge on.
    const sharedChat = (await friend.client.get(`/api/challenges/${shared.id}/chat`)).json;
    const sharedLines = (Array.isArray(sharedChat) ? sharedChat : sharedChat.messages).map(
      (m: { message: string }) => m.message,
    );
    expect(sharedLines).toContain(`Della Deleter handed the challenge over to ${friend.user.displayName}`);
    expect((await late.client.get(`/api/challenges/${shared.id}`)).status).toBe(200);
    const [{ n: soloLeft }] = await rows<{ n: number }>(
      h.db,
      sql`select count(*)::int as n from challenges where id = ${solo.id}`,
    );
    expect(soloLeft).toBe(0);

    // Chat: the golfer's message stays without an author; the room heard that they left.
    const chat = (await friend.client.get(`/api/challenges/${theirs.id}/chat`)).json;
    const messages = Array.isArray(chat) ? chat : chat.messages;
    const mine = messages.find((m: { message: string }) => m.message === "Nice round!");
    expect(mine).toMatchObject({ type: "user", user: null });
    expect(messages.some((m: { message: string }) => m.message === "Della Deleter left the challenge")).toBe(true);

    // The boards no longer list them.
    const board = (await friend.client.get(`/api/challenges/${theirs.id}/leaderboard`)).json;
    expect(JSON.stringify(board)).not.toContain("Della Deleter");
  });
});

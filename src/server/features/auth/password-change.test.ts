import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { sessions, users } from "../../db/schema/users";
import { createTestHarness, RestClient, signUp, type TestHarness } from "../../test/harness/harness";
import { TOO_MANY_PASSWORD_CHECKS, WRONG_CURRENT_PASSWORD } from "./service";

// Issue 13 row 6: PUT /api/users/me/password { currentPassword, newPassword } and auth.changePassword.
let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness({ env: { RATE_LIMIT_SCALE: "1" } });
}, 120_000);
afterAll(() => h.close());

/** The same account signed in on a second device. */
async function secondDevice(username: string, password: string) {
  const client = new RestClient(h.app);
  const res = await client.post("/api/login", { username, password });
  expect(res.status).toBe(200);
  return client;
}

describe("change password (REST)", () => {
  test("a wrong current password is 400 with a clear message and changes nothing", async () => {
    const { client, input, user } = await signUp(h);
    const [before] = await h.db.select().from(users).where(eq(users.id, user.id));
    const res = await client.put("/api/users/me/password", {
      currentPassword: "not-it-1",
      newPassword: "fresh-pass-1",
    });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message: WRONG_CURRENT_PASSWORD });
    const [after] = await h.db.select().from(users).where(eq(users.id, user.id));
    expect(after.passwordHash).toBe(before.passwordHash);
    expect((await new RestClient(h.app).post("/api/login", input)).status).toBe(200);
  });

  test("the new password follows the sign-up rules", async () => {
    const { client, input } = await signUp(h);
    const short = await client.put("/api/users/me/password", { currentPassword: input.password, newPassword: "12345" });
    expect(short.status).toBe(400);
    expect(short.json).toEqual({ message: "Password must be at least 6 characters" });
    const missing = await client.put("/api/users/me/password", { newPassword: "fresh-pass-1" });
    expect(missing.status).toBe(400);
    expect(missing.json).toEqual({ message: "Current password is required" });
    const same = await client.put("/api/users/me/password", {
      currentPassword: input.password,
      newPassword: input.password,
    });
    expect(same.status).toBe(400);
    expect(same.json).toEqual({ message: "New password must be different from your current password" });
  });

  test("success: the new password works, the old does not, other sessions end and this one stays", async () => {
    const { client, input, user } = await signUp(h);
    const phone = await secondDevice(input.username, input.password);
    const tablet = await secondDevice(input.username, input.password);
    expect(await h.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(3);

    const res = await client.put("/api/users/me/password", {
      currentPassword: input.password,
      newPassword: "fresh-pass-1",
    });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true, endedSessions: 2 });

    expect((await client.get("/api/user")).status).toBe(200);
    expect((await phone.get("/api/user")).status).toBe(401);
    expect((await tablet.get("/api/user")).status).toBe(401);
    expect(await h.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);

    expect((await new RestClient(h.app).post("/api/login", input)).status).toBe(401);
    const fresh = await new RestClient(h.app).post("/api/login", {
      username: input.username,
      password: "fresh-pass-1",
    });
    expect(fresh.status).toBe(200);
  });

  test("signed out is 401; a cross-site request is 403", async () => {
    const body = { currentPassword: "birdie123", newPassword: "fresh-pass-1" };
    expect((await new RestClient(h.app).put("/api/users/me/password", body)).status).toBe(401);
    const { client } = await signUp(h);
    client.origin = "https://evil.example";
    expect((await client.put("/api/users/me/password", body)).status).toBe(403);
  });

  test("wrong current passwords are limited per user: the 6th attempt is 429", async () => {
    const { client, input } = await signUp(h);
    for (let i = 0; i < 5; i++) {
      const res = await client.put("/api/users/me/password", {
        currentPassword: `guess-${i}00`,
        newPassword: "x-pass-123",
      });
      expect(res.status).toBe(400);
    }
    const blocked = await client.put("/api/users/me/password", {
      currentPassword: input.password,
      newPassword: "x-pass-123",
    });
    expect(blocked.status).toBe(429);
    expect(blocked.json).toEqual({ message: TOO_MANY_PASSWORD_CHECKS });
  });
});

describe("change password (tRPC twin)", () => {
  test("same rules and the same session handling", async () => {
    const { input, user } = await signUp(h);
    const phone = await secondDevice(input.username, input.password);
    const caller = h.caller(user);
    await expect(
      caller.auth.changePassword({ currentPassword: "wrong-one", newPassword: "fresh-pass-2" }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: WRONG_CURRENT_PASSWORD });
    await expect(
      caller.auth.changePassword({ currentPassword: input.password, newPassword: "123" }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: "Password must be at least 6 characters" });
    // The caller's own session is the harness's stand-in, so the sign-up session ends too.
    expect(await caller.auth.changePassword({ currentPassword: input.password, newPassword: "fresh-pass-2" })).toEqual({
      ok: true,
      endedSessions: 2,
    });
    expect((await phone.get("/api/user")).status).toBe(401);
    const fresh = await new RestClient(h.app).post("/api/login", {
      username: input.username,
      password: "fresh-pass-2",
    });
    expect(fresh.status).toBe(200);
  });
});

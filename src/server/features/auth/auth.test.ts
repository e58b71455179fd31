import { afterAll, beforeAll, describe, expect, spyOn, test } from "bun:test";
import { eq } from "drizzle-orm";
import { sessionIdFromToken, validateSessionToken } from "../../auth/session";
import { sessions, users } from "../../db/schema/users";
import { logger } from "../../lib/logger";
import { startServer } from "../../server";
import { createTestHarness, RestClient, signUp, testEnv, type TestHarness } from "../../test/harness/harness";
import { grantConfiguredAdmins } from "./admin-grants";

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness({ env: { ADMIN_USERNAMES: "club_captain" } });
}, 120_000);
afterAll(() => h.close());

const valid = (tag: string) => ({
  username: `user_${tag}`,
  displayName: `Jane ${tag}`,
  email: `${tag}@example.com`,
  password: "secret1",
});

describe("register (REST)", () => {
  test("creates the user, answers 201 with the public user and sets a safe session cookie", async () => {
    const client = new RestClient(h.app);
    const res = await client.post("/api/register", {
      ...valid("reg1"),
      homeCourseName: "Pebble Beach",
      handicap: "12.4",
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      username: "user_reg1",
      displayName: "Jane reg1",
      email: "reg1@example.com",
      homeCourseName: "Pebble Beach",
      handicap: 12.4,
      isAdmin: false,
    });
    expect(res.json.passwordHash).toBeUndefined();
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("session="))!;
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(cookie).toContain("Path=/");
    expect(cookie).toMatch(/Max-Age=(259\d{4})/); // 30 days
    expect(cookie).not.toContain("Secure"); // plain http in tests; production sets Secure (below)

    // Only the hash of the token is stored.
    const token = cookie.split(";")[0].split("=")[1];
    expect(token.length).toBeGreaterThanOrEqual(26); // >= 128 bits in base32
    const stored = await h.db.select().from(sessions).where(eq(sessions.userId, res.json.id));
    expect(stored).toHaveLength(1);
    expect(stored[0].id).toBe(sessionIdFromToken(token));
    expect(stored[0].id).not.toContain(token);

    const me = await client.get("/api/user");
    expect(me.status).toBe(200);
    expect(me.json.username).toBe("user_reg1");
    expect(me.headers.get("cache-control")).toContain("no-store");
  });

  const cases: [string, Record<string, unknown>, string][] = [
    ["short username", { username: "ab" }, "Username must be at least 3 characters"],
    [
      "bad username characters",
      { username: "bad name!" },
      "Username can only contain letters, numbers, and underscores",
    ],
    ["invalid email", { email: "not-an-email" }, "Please enter a valid email address"],
    ["short password", { password: "12345" }, "Password must be at least 6 characters"],
    ["empty display name", { displayName: "   " }, "Display name is required"],
    ["missing display name", { displayName: undefined }, "Display name is required"],
    ["handicap not a number", { handicap: "abc" }, "Handicap must be a number"],
  ];
  for (const [name, patch, message] of cases) {
    test(`400 for ${name}: "${message}"`, async () => {
      const res = await new RestClient(h.app).post("/api/register", { ...valid(`v${name.length}`), ...patch });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ message });
    });
  }

  test("409 for a duplicate username, whatever its case, and for a duplicate email", async () => {
    await new RestClient(h.app).post("/api/register", valid("dup"));
    const again = await new RestClient(h.app).post("/api/register", { ...valid("other"), username: "USER_DUP" });
    expect(again.status).toBe(409);
    expect(again.json).toEqual({ message: "Username is already taken" });
    const sameEmail = await new RestClient(h.app).post("/api/register", {
      ...valid("other2"),
      email: "DUP@example.com",
    });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.json).toEqual({ message: "Email is already registered" });
  });

  test("400 with a clear message for a body that is not JSON", async () => {
    const res = await new RestClient(h.app).post("/api/register", "{not json");
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message: "Request body must be valid JSON" });
  });

  test("six simultaneous sign-ups of one username: one 201, five 409, never a 500", async () => {
    const attempts = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        new RestClient(h.app).post("/api/register", { ...valid(`race${i}`), username: "user_racer" }),
      ),
    );
    const statuses = attempts.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409, 409, 409, 409, 409]);
    for (const r of attempts.filter((a) => a.status === 409)) {
      expect(r.json).toEqual({ message: "Username is already taken" });
    }
  });

  test("the same for one e-mail over tRPC: CONFLICT with the e-mail message", async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, (_, i) =>
        h.caller(null).auth.register({ ...valid(`erace${i}`), email: "racing@example.com" }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) {
      if (r.status === "rejected") {
        expect(r.reason).toMatchObject({ code: "CONFLICT", message: "Email is already registered" });
      }
    }
  });
});

describe("ADMIN_USERNAMES (issue 13 row 7)", () => {
  test("signing up a listed name never makes an admin", async () => {
    const res = await new RestClient(h.app).post("/api/register", { ...valid("cap"), username: "Club_Captain" });
    expect(res.status).toBe(201);
    expect(res.json.isAdmin).toBe(false);
    const [row] = await h.db.select().from(users).where(eq(users.id, res.json.id));
    expect(row.isAdmin).toBe(false);
  });

  test("at start only accounts that exist then are granted; a listed name with no account is logged", async () => {
    const { user } = await signUp(h, { username: "Existing_Pro" });
    const warn = spyOn(logger, "warn");
    try {
      const result = await grantConfiguredAdmins(h.db, ["existing_pro", "nobody_yet"]);
      expect(result).toEqual({ granted: ["existing_pro"], missing: ["nobody_yet"] });
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0][1]).toEqual({ username: "nobody_yet" });
    } finally {
      warn.mockRestore();
    }
    const [row] = await h.db.select().from(users).where(eq(users.id, user.id));
    expect(row.isAdmin).toBe(true);
    // Whoever claims the unclaimed name later is an ordinary golfer.
    const late = await new RestClient(h.app).post("/api/register", { ...valid("late"), username: "nobody_yet" });
    expect(late.json.isAdmin).toBe(false);
  });

  test("the server grants listed accounts when it starts and warns about the rest", async () => {
    await signUp(h, { username: "starter_admin" });
    const warn = spyOn(logger, "warn");
    const server = await startServer(testEnv({ PORT: "0", ADMIN_USERNAMES: "starter_admin,ghost_admin" }), {
      database: { ...h.database, close: async () => {} },
    });
    try {
      const [row] = await h.db.select().from(users).where(eq(users.username, "starter_admin"));
      expect(row.isAdmin).toBe(true);
      expect(warn.mock.calls.some((c) => (c[1] as { username?: string })?.username === "ghost_admin")).toBe(true);
    } finally {
      warn.mockRestore();
      await server.stop();
    }
  });
});

describe("login and logout (REST)", () => {
  test("wrong password and unknown user get the same 401 and body", async () => {
    const { input } = await signUp(h);
    const wrong = await new RestClient(h.app).post("/api/login", { username: input.username, password: "wrongpass" });
    const unknown = await new RestClient(h.app).post("/api/login", { username: "nobody_here", password: "wrongpass" });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual({ message: "Invalid username or password" });
    expect(unknown.json).toEqual(wrong.json);
    expect(wrong.headers.getSetCookie()).toHaveLength(0);
  });

  test("login validation messages", async () => {
    const noName = await new RestClient(h.app).post("/api/login", { username: "", password: "secret1" });
    expect(noName.status).toBe(400);
    expect(noName.json).toEqual({ message: "Username is required" });
    const shortPw = await new RestClient(h.app).post("/api/login", { username: "someone", password: "123" });
    expect(shortPw.json).toEqual({ message: "Password must be at least 6 characters" });
  });

  test("login is case-insensitive on username, issues a new session, and logout deletes it", async () => {
    const { input, user } = await signUp(h);
    const client = new RestClient(h.app);
    const res = await client.post("/api/login", { username: input.username.toUpperCase(), password: input.password });
    expect(res.status).toBe(200);
    expect(res.json.id).toBe(user.id);
    const token = client.cookies.get("session")!;
    expect(await validateSessionToken(h.db, token)).not.toBeNull();
    expect((await client.get("/api/user")).status).toBe(200);

    const out = await client.post("/api/logout");
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie()[0]).toContain("Max-Age=0");
    expect(await validateSessionToken(h.db, token)).toBeNull();
    // The old cookie no longer works even if a client kept it.
    const replay = await new RestClient(h.app).get("/api/user", { Cookie: `session=${token}` });
    expect(replay.status).toBe(401);
  });

  test("GET /api/user is 401 with { message } when signed out, and for a forged token", async () => {
    const res = await new RestClient(h.app).get("/api/user");
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ message: "Not signed in" });
    const forged = await new RestClient(h.app).get("/api/user", { Cookie: "session=aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" });
    expect(forged.status).toBe(401);
  });

  test("a disabled account cannot sign in and its sessions stop working", async () => {
    const { client, input, user } = await signUp(h);
    await h.db.update(users).set({ disabled: true }).where(eq(users.id, user.id));
    expect((await client.get("/api/user")).status).toBe(401);
    const res = await new RestClient(h.app).post("/api/login", input);
    expect(res.status).toBe(403);
    expect(res.json.message).toContain("disabled");
  });

  test("sessions slide: one near expiry is extended and the cookie re-sent", async () => {
    const { client, user } = await signUp(h);
    await h.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + 2 * 86400_000) })
      .where(eq(sessions.userId, user.id));
    const res = await client.get("/api/user");
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().join()).toMatch(/session=.*Max-Age=259\d{4}/);
    const [row] = await h.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 86400_000);
  });

  test("an expired session is refused and removed", async () => {
    const { client, user } = await signUp(h);
    await h.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    expect((await client.get("/api/user")).status).toBe(401);
    expect(await h.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
  });
});

describe("CSRF: state-changing requests must be same-origin", () => {
  test("a cross-site Origin is refused with 403 and nothing is created", async () => {
    const res = await new RestClient(h.app, "https://evil.example").post("/api/register", valid("csrf1"));
    expect(res.status).toBe(403);
    expect(res.json).toEqual({ message: "Cross-site request refused" });
    expect(await h.db.select().from(users).where(eq(users.username, "user_csrf1"))).toHaveLength(0);
  });

  test("a request with neither Origin nor Sec-Fetch-Site is refused; Sec-Fetch-Site same-origin passes", async () => {
    const bare = await new RestClient(h.app, null).post("/api/register", valid("csrf2"));
    expect(bare.status).toBe(403);
    const fetchSite = await new RestClient(h.app, null).post("/api/register", valid("csrf3"), {
      "Sec-Fetch-Site": "same-origin",
    });
    expect(fetchSite.status).toBe(201);
    const crossSite = await new RestClient(h.app, null).post("/api/register", valid("csrf4"), {
      "Sec-Fetch-Site": "cross-site",
    });
    expect(crossSite.status).toBe(403);
  });

  test("tRPC mutations are checked too", async () => {
    const res = await h.app.request("http://localhost/trpc/auth.logout", {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/json" },
      body: "{}",
    });
    expect(res.status).toBe(403);
  });
});

describe("profile update", () => {
  test("PUT /api/users/me updates display name, home course and handicap; 401 when signed out", async () => {
    const { client } = await signUp(h);
    const res = await client.put("/api/users/me", {
      displayName: "Rory M",
      homeCourseName: "Royal County Down",
      handicap: 3.2,
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ displayName: "Rory M", homeCourseName: "Royal County Down", handicap: 3.2 });
    const cleared = await client.put("/api/users/me", { handicap: null, homeCourseName: "" });
    expect(cleared.json).toMatchObject({ displayName: "Rory M", homeCourseName: null, handicap: null });
    const bad = await client.put("/api/users/me", { displayName: "" });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ message: "Display name is required" });
    expect((await new RestClient(h.app).put("/api/users/me", { displayName: "X" })).status).toBe(401);
  });
});

describe("auth over tRPC (same service)", () => {
  test("register, me, login failures and validation through the caller", async () => {
    const cookies: string[] = [];
    const anon = h.caller(null, { cookies });
    const user = await anon.auth.register(valid("trpc1"));
    expect(user.username).toBe("user_trpc1");
    expect(cookies[0]).toMatch(/^session=[a-z2-7]+; HttpOnly; SameSite=Lax; Path=\/; Max-Age=\d+$/);

    await expect(anon.auth.me()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(anon.auth.login({ username: "user_trpc1", password: "nope123" })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
      message: "Invalid username or password",
    });
    await expect(anon.auth.register({ ...valid("trpc2"), username: "x" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Username must be at least 3 characters",
    });
    await expect(anon.auth.register(valid("trpc1"))).rejects.toMatchObject({
      code: "CONFLICT",
      message: "Username is already taken",
    });

    const [row] = await h.db.select().from(users).where(eq(users.id, user.id));
    const me = await h.caller(row).auth.me();
    expect(me).toMatchObject({ id: user.id, username: "user_trpc1" });
  });

  test("over HTTP, tRPC errors carry the schema's message and the right status", async () => {
    const res = await h.app.request("http://localhost/trpc/auth.register", {
      method: "POST",
      headers: { Origin: "http://localhost", "Content-Type": "application/json" },
      body: JSON.stringify({ ...valid("trpc3"), password: "123" }),
    });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: { message: string } };
    expect(body.error.message).toBe("Password must be at least 6 characters");
    expect(JSON.stringify(body)).not.toContain("stack");
  });

  test("batches over maxBatchSize are refused", async () => {
    const paths = Array.from({ length: 21 }, () => "auth.me").join(",");
    const input = encodeURIComponent(JSON.stringify(Object.fromEntries(Array.from({ length: 21 }, (_, i) => [i, {}]))));
    const res = await h.app.request(`http://localhost/trpc/${paths}?batch=1&input=${input}`);
    expect(res.status).toBe(400);
  });
});

describe("production cookie", () => {
  test("Secure is set when NODE_ENV=production, with HSTS", async () => {
    const prod = await createTestHarness({ database: h.database, env: { NODE_ENV: "production" } });
    const res = await new RestClient(prod.app).post("/api/register", valid("prod1"));
    expect(res.status).toBe(201);
    expect(res.headers.getSetCookie()[0]).toContain("Secure");
    expect(res.headers.get("strict-transport-security")).toContain("max-age=");
  });
});

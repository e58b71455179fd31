import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import {
  ADMINS_ONLY,
  CANNOT_CHANGE_OWN_ADMIN,
  CANNOT_DISABLE_SELF,
  USER_NOT_FOUND,
} from "../../../shared/schemas/admin";
import { rows } from "../../db/raw";
import { auditLog } from "../../db/schema/admin";
import { birdieRecords } from "../../db/schema/birdies";
import { challengePlayers, challenges } from "../../db/schema/challenges";
import { chatMessages } from "../../db/schema/chat";
import { supportRequests } from "../../db/schema/support";
import { sessions, users, type UserRow } from "../../db/schema/users";
import { createTestHarness, RestClient, signUp, type TestHarness } from "../../test/harness/harness";
import { ACCOUNT_DISABLED } from "../auth/service";
import { createChallengeSchema } from "../../../shared/schemas/challenges";
import { sendChatMessageSchema } from "../../../shared/schemas/chat";
import { addPlayer } from "../challenges/access";
import { createChallenge } from "../challenges/commands";
import { sendMessage } from "../chat/service";
import { analytics } from "./analytics";
import { dashboard } from "./dashboard";
import { containsPattern } from "./sql";

let h: TestHarness;
let admin: UserRow;
beforeAll(async () => {
  h = await createTestHarness();
  admin = await makeAdmin((await signUp(h, { displayName: "Head Admin" })).user);
}, 120_000);
afterAll(() => h.close());

const DAY = 86_400_000;
const today = () => new Date().toISOString().slice(0, 10);
const partner = { name: "Pat", signature: "pat" };
let seq = 0;
const tag = () => `${Date.now().toString(36)}${++seq}`;

async function makeAdmin(user: UserRow): Promise<UserRow> {
  const [row] = await h.db.update(users).set({ isAdmin: true }).where(eq(users.id, user.id)).returning();
  return row;
}

const asAdmin = () => h.caller(admin);

async function auditRowsFor(targetType: string, targetId: number) {
  return h.db
    .select()
    .from(auditLog)
    .where(sql`${auditLog.targetType} = ${targetType} and ${auditLog.targetId} = ${targetId}`)
    .orderBy(auditLog.id);
}

/** A challenge with `players` members (the first creates it), each able to record. */
async function challengeWith(players: number, window: { startInDays?: number; endInDays?: number } = {}) {
  const members: Awaited<ReturnType<typeof signUp>>[] = [];
  for (let i = 0; i < players; i++) members.push(await signUp(h));
  const name = `Admin Cup ${tag()}`;
  const challenge = await createChallenge(
    h.as(members[0].user),
    createChallengeSchema.parse({
      name,
      startDate: new Date(Date.now() + (window.startInDays ?? -5) * DAY).toISOString(),
      endDate: new Date(Date.now() + (window.endInDays ?? 20) * DAY).toISOString(),
      courseName: `Course ${tag()}`,
    }),
  );
  for (const m of members.slice(1)) await addPlayer(h.db, challenge.id, m.user.id);
  const record = (i: number, holes: [number, number][]) =>
    h.caller(members[i].user).birdies.recordRound({
      challengeId: challenge.id,
      date: today(),
      holes: holes.map(([holeNumber, score]) => ({ holeNumber, score })),
      verifiedBy: partner,
    });
  return { members, challenge, record, name };
}

async function supportRequest(
  client: RestClient,
  body: Partial<{ subject: string; type: string; message: string }> = {},
) {
  const res = await client.post("/api/support", {
    email: "golfer@example.com",
    subject: `Help ${tag()}`,
    message: "Please help",
    type: "bug",
    ...body,
  });
  if (res.status !== 201) throw new Error(`support request failed: ${res.status} ${res.text}`);
  return res.json.id as number;
}

describe("adminProcedure: admins only", () => {
  // Every admin procedure with a valid input; each must refuse anyone but an enabled admin.
  const calls: [string, (c: ReturnType<TestHarness["caller"]>) => Promise<unknown>][] = [
    ["dashboard", (c) => c.admin.dashboard()],
    ["analytics", (c) => c.admin.analytics()],
    ["audit.list", (c) => c.admin.audit.list({})],
    ["users.list", (c) => c.admin.users.list({})],
    ["users.detail", (c) => c.admin.users.detail({ userId: 1 })],
    ["users.setAdmin", (c) => c.admin.users.setAdmin({ userId: 1, isAdmin: true })],
    ["users.setDisabled", (c) => c.admin.users.setDisabled({ userId: 1, disabled: true })],
    ["challenges.list", (c) => c.admin.challenges.list({})],
    ["challenges.detail", (c) => c.admin.challenges.detail({ challengeId: 1 })],
    ["challenges.delete", (c) => c.admin.challenges.delete({ challengeId: 1 })],
    ["support.list", (c) => c.admin.support.list({})],
    ["support.setStatus", (c) => c.admin.support.setStatus({ id: 1, status: "resolved" })],
  ];

  for (const [name, call] of calls) {
    test(`${name}: 403 for a non-admin and for a disabled admin, 401 signed out`, async () => {
      const { user } = await signUp(h);
      await expect(call(h.caller(user))).rejects.toMatchObject({ code: "FORBIDDEN", message: ADMINS_ONLY });
      const disabledAdmin = { ...(await makeAdmin(user)), disabled: true };
      await expect(call(h.caller(disabledAdmin))).rejects.toMatchObject({ code: "FORBIDDEN", message: ADMINS_ONLY });
      await expect(call(h.caller(null))).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    });
  }

  test("nothing is changed or logged by a refused call", async () => {
    const { user: player } = await signUp(h);
    const { user: target } = await signUp(h);
    await expect(h.caller(player).admin.users.setAdmin({ userId: target.id, isAdmin: true })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
    await expect(h.caller(player).admin.users.setDisabled({ userId: target.id, disabled: true })).rejects.toMatchObject(
      { code: "FORBIDDEN" },
    );
    const [row] = await h.db.select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({ isAdmin: false, disabled: false });
    expect(await auditRowsFor("user", target.id)).toHaveLength(0);
  });

  test("a non-admin gets 403 even for an invalid input: the admin check runs before validation", async () => {
    const { user } = await signUp(h);
    await expect(h.caller(user).admin.users.setAdmin({ userId: -5, isAdmin: "yes" } as never)).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: ADMINS_ONLY,
    });
  });

  test("over HTTP: a non-admin's cookie gets 403 with just the message; the admin's gets the data", async () => {
    const { client } = await signUp(h);
    const refused = await client.get("/trpc/admin.dashboard");
    expect(refused.status).toBe(403);
    expect(refused.json.error.message).toBe(ADMINS_ONLY);
    expect(refused.text).not.toContain("stack");

    const adminClient = new RestClient(h.app);
    const login = await adminClient.post("/api/login", { username: admin.username, password: "birdie123" });
    expect(login.status).toBe(200);
    const ok = await adminClient.get("/trpc/admin.dashboard");
    expect(ok.status).toBe(200);
    expect(ok.json.result.data.totals.users).toBeGreaterThan(0);
  });

  test("invalid admin input: 400 with a readable message", async () => {
    await expect(asAdmin().admin.users.list({ pageSize: 1000 })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Page size must be at most 100",
    });
    await expect(asAdmin().admin.support.list({ status: "closed" } as never)).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Status must be one of all, open, resolved",
    });
    await expect(asAdmin().admin.users.list({ search: "x".repeat(101) })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Search text must be at most 100 characters",
    });
  });
});

describe("users", () => {
  test("list searches username, display name and email (case-insensitive), pages, and reports the total", async () => {
    const t = tag();
    const a = await signUp(h, { username: `zebra_${t}`, displayName: "Alpha Person" });
    const b = await signUp(h, { displayName: `Zebra Fan ${t}` });
    const c = await signUp(h, { email: `ZEBRA.${t}@example.com` });
    await signUp(h, { displayName: "Nobody Related" });

    const all = await asAdmin().admin.users.list({ search: `ZEBRA` });
    const ids = all.items.map((u) => u.id);
    for (const u of [a, b, c]) expect(ids).toContain(u.user.id);

    const exact = await asAdmin().admin.users.list({ search: t, pageSize: 2 });
    expect(exact.total).toBe(3);
    expect(exact.items).toHaveLength(2);
    // Newest first.
    expect(exact.items.map((u) => u.id)).toEqual([c.user.id, b.user.id]);
    const second = await asAdmin().admin.users.list({ search: t, pageSize: 2, page: 2 });
    expect(second.items.map((u) => u.id)).toEqual([a.user.id]);
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.items[0]).toMatchObject({
      username: `zebra_${t}`,
      isAdmin: false,
      disabled: false,
      activeSessions: 1,
      challengeCount: 0,
      recordCount: 0,
    });
    expect(second.items[0].createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(JSON.stringify(second.items[0])).not.toContain("password");
  });

  test("search treats % and _ literally", async () => {
    expect(containsPattern("50%_off\\")).toBe("%50\\%\\_off\\\\%");
    const t = tag();
    const under = await signUp(h, { username: `pct_${t}` });
    const found = await asAdmin().admin.users.list({ search: `pct_${t}` });
    expect(found.items.map((u) => u.id)).toEqual([under.user.id]);
    expect((await asAdmin().admin.users.list({ search: `pct%${t}` })).total).toBe(0);
  });

  test("role filter: admins and disabled", async () => {
    const { user } = await signUp(h);
    await asAdmin().admin.users.setDisabled({ userId: user.id, disabled: true });
    const disabled = await asAdmin().admin.users.list({ role: "disabled", pageSize: 100 });
    expect(disabled.items.every((u) => u.disabled)).toBe(true);
    expect(disabled.items.map((u) => u.id)).toContain(user.id);
    const admins = await asAdmin().admin.users.list({ role: "admins", pageSize: 100 });
    expect(admins.items.every((u) => u.isAdmin)).toBe(true);
    expect(admins.items.map((u) => u.id)).toContain(admin.id);
  });

  test("grant and revoke admin, each written to the audit log with the actor", async () => {
    const { user } = await signUp(h);
    const granted = await asAdmin().admin.users.setAdmin({ userId: user.id, isAdmin: true });
    expect(granted).toMatchObject({ changed: true, item: { id: user.id, isAdmin: true } });
    const revoked = await asAdmin().admin.users.setAdmin({ userId: user.id, isAdmin: false });
    expect(revoked).toMatchObject({ changed: true, item: { isAdmin: false } });
    const entries = await auditRowsFor("user", user.id);
    expect(entries.map((e) => [e.action, e.actorId])).toEqual([
      ["user.grant_admin", admin.id],
      ["user.revoke_admin", admin.id],
    ]);
    expect(entries[0].details).toEqual({ label: user.username });

    // Setting what already holds changes nothing and logs nothing.
    const again = await asAdmin().admin.users.setAdmin({ userId: user.id, isAdmin: false });
    expect(again.changed).toBe(false);
    expect(await auditRowsFor("user", user.id)).toHaveLength(2);
  });

  test("an admin cannot change their own admin rights or disable themselves", async () => {
    await expect(asAdmin().admin.users.setAdmin({ userId: admin.id, isAdmin: false })).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: CANNOT_CHANGE_OWN_ADMIN,
    });
    await expect(asAdmin().admin.users.setDisabled({ userId: admin.id, disabled: true })).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: CANNOT_DISABLE_SELF,
    });
    const [row] = await h.db.select().from(users).where(eq(users.id, admin.id));
    expect(row).toMatchObject({ isAdmin: true, disabled: false });
    expect(await auditRowsFor("user", admin.id)).toHaveLength(0);
  });

  test("an unknown user is a 404 and logs nothing", async () => {
    const before = (await h.db.select().from(auditLog)).length;
    await expect(asAdmin().admin.users.setAdmin({ userId: 999_999, isAdmin: true })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: USER_NOT_FOUND,
    });
    await expect(asAdmin().admin.users.setDisabled({ userId: 999_999, disabled: true })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(asAdmin().admin.users.detail({ userId: 999_999 })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await h.db.select().from(auditLog)).toHaveLength(before);
  });

  test("disabling revokes every session at once: the cookie stops working on its next request", async () => {
    const { client, user, input } = await signUp(h);
    // A second device.
    const laptop = new RestClient(h.app);
    expect((await laptop.post("/api/login", { username: input.username, password: input.password })).status).toBe(200);
    expect((await client.get("/api/user")).status).toBe(200);
    expect((await laptop.get("/api/user")).status).toBe(200);
    expect(await h.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(2);

    const result = await asAdmin().admin.users.setDisabled({ userId: user.id, disabled: true });
    expect(result).toMatchObject({ changed: true, item: { disabled: true, activeSessions: 0 } });
    expect(await h.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);

    expect((await client.get("/api/user")).status).toBe(401);
    expect((await laptop.get("/trpc/auth.me")).status).toBe(401);

    // Signing in again is refused with a clear message (only after the right password).
    const again = await new RestClient(h.app).post("/api/login", {
      username: input.username,
      password: input.password,
    });
    expect(again.status).toBe(403);
    expect(again.json.message).toBe(ACCOUNT_DISABLED);

    const [entry] = await auditRowsFor("user", user.id);
    expect(entry).toMatchObject({
      action: "user.disable",
      actorId: admin.id,
      details: { label: user.username, revokedSessions: 2 },
    });

    // Enabling lets them sign in again; it is logged too.
    await asAdmin().admin.users.setDisabled({ userId: user.id, disabled: false });
    const back = await new RestClient(h.app).post("/api/login", { username: input.username, password: input.password });
    expect(back.status).toBe(200);
    expect((await auditRowsFor("user", user.id)).map((e) => e.action)).toEqual(["user.disable", "user.enable"]);
  });

  test("a disabled admin's own session is refused too, and their admin calls fail", async () => {
    const other = await signUp(h);
    await makeAdmin(other.user);
    expect((await other.client.get("/trpc/admin.dashboard")).status).toBe(200);
    await asAdmin().admin.users.setDisabled({ userId: other.user.id, disabled: true });
    expect((await other.client.get("/trpc/admin.dashboard")).status).toBe(401);
  });

  test("detail lists the user's challenges and records, and their audit history", async () => {
    const { members, challenge, record } = await challengeWith(2);
    await record(1, [
      [3, 3],
      [4, 2],
    ]);
    await asAdmin().admin.users.setAdmin({ userId: members[1].user.id, isAdmin: true });
    const detail = await asAdmin().admin.users.detail({ userId: members[1].user.id });
    expect(detail.user).toMatchObject({
      id: members[1].user.id,
      isAdmin: true,
      challengeCount: 1,
      recordCount: 2,
      handicap: null,
    });
    expect(detail.challenges).toEqual([
      expect.objectContaining({
        id: challenge.id,
        name: challenge.name,
        status: "active",
        isCreator: false,
        recordCount: 2,
      }),
    ]);
    expect(detail.records.map((r) => [r.holeNumber, r.score, r.challengeId])).toEqual(
      expect.arrayContaining([
        [3, 3, challenge.id],
        [4, 2, challenge.id],
      ]),
    );
    expect(detail.recordTotal).toBe(2);
    expect(detail.records[0]).toMatchObject({
      challengeName: challenge.name,
      verifierName: "Pat",
      datePlayed: today(),
    });
    expect(detail.audit.map((a) => a.action)).toEqual(["user.grant_admin"]);
    expect(detail.audit[0]).toMatchObject({
      targetLabel: members[1].user.username,
      actor: { id: admin.id, username: admin.username },
    });

    const creator = await asAdmin().admin.users.detail({ userId: members[0].user.id });
    expect(creator.challenges[0]).toMatchObject({ isCreator: true, recordCount: 0 });
  });
});

describe("challenges", () => {
  test("list searches by name or creator, filters by status, and counts players and records", async () => {
    const t = tag();
    const active = await challengeWith(3);
    await h.db
      .update(challenges)
      .set({ name: `Spring Open ${t}` })
      .where(eq(challenges.id, active.challenge.id));
    await active.record(0, [[1, 3]]);
    await active.record(1, [
      [2, 3],
      [5, 2],
    ]);
    const upcoming = await challengeWith(1, { startInDays: 5, endInDays: 30 });
    await h.db
      .update(challenges)
      .set({ name: `Summer Open ${t}` })
      .where(eq(challenges.id, upcoming.challenge.id));

    const found = await asAdmin().admin.challenges.list({ search: `open ${t}` });
    expect(found.total).toBe(2);
    const byId = new Map(found.items.map((c) => [c.id, c]));
    expect(byId.get(active.challenge.id)).toMatchObject({
      status: "active",
      playerCount: 3,
      recordCount: 3,
      creator: { id: active.members[0].user.id },
    });
    expect(byId.get(active.challenge.id)!.courseNames).toHaveLength(1);
    expect(byId.get(upcoming.challenge.id)).toMatchObject({ status: "upcoming", playerCount: 1, recordCount: 0 });

    const onlyUpcoming = await asAdmin().admin.challenges.list({ search: t, status: "upcoming" });
    expect(onlyUpcoming.items.map((c) => c.id)).toEqual([upcoming.challenge.id]);
    const onlyActive = await asAdmin().admin.challenges.list({ search: t, status: "active" });
    expect(onlyActive.items.map((c) => c.id)).toEqual([active.challenge.id]);
    expect((await asAdmin().admin.challenges.list({ search: t, status: "past" })).total).toBe(0);

    const byCreator = await asAdmin().admin.challenges.list({ search: upcoming.members[0].user.username });
    expect(byCreator.items.map((c) => c.id)).toEqual([upcoming.challenge.id]);

    const paged = await asAdmin().admin.challenges.list({ search: t, pageSize: 1, page: 2 });
    expect(paged).toMatchObject({ total: 2, page: 2, pageSize: 1 });
    expect(paged.items).toHaveLength(1);
  });

  test("detail shows players (points, records) and records", async () => {
    const { members, challenge, record } = await challengeWith(2);
    await record(1, [
      [7, 2],
      [8, 3],
    ]);
    const detail = await asAdmin().admin.challenges.detail({ challengeId: challenge.id });
    expect(detail.challenge).toMatchObject({
      id: challenge.id,
      name: challenge.name,
      playerCount: 2,
      recordCount: 2,
      tiebreaker: "mostBirdies",
    });
    expect(detail.players.map((p) => [p.id, p.points, p.recordCount, p.isCreator])).toEqual([
      [members[1].user.id, 4, 2, false],
      [members[0].user.id, 0, 0, true],
    ]);
    expect(detail.records).toHaveLength(2);
    expect(detail.recordTotal).toBe(2);
    await expect(asAdmin().admin.challenges.detail({ challengeId: 999_999 })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });

  test("delete removes the challenge with its records and chat messages, and logs it", async () => {
    const { members, challenge, record, name } = await challengeWith(2);
    await record(0, [
      [1, 3],
      [2, 3],
    ]);
    await record(1, [[9, 2]]);
    await sendMessage(
      h.as(members[1].user),
      sendChatMessageSchema.parse({ challengeId: challenge.id, message: "Nice eagle!" }),
    );
    const messagesBefore = await h.db.select().from(chatMessages).where(eq(chatMessages.challengeId, challenge.id));
    expect(messagesBefore.length).toBeGreaterThanOrEqual(1);

    const before = await dashboard(h.as(admin));
    expect(await asAdmin().admin.challenges.delete({ challengeId: challenge.id })).toEqual({
      ok: true,
      id: challenge.id,
    });

    expect(await h.db.select().from(challenges).where(eq(challenges.id, challenge.id))).toHaveLength(0);
    expect(await h.db.select().from(birdieRecords).where(eq(birdieRecords.challengeId, challenge.id))).toHaveLength(0);
    expect(await h.db.select().from(chatMessages).where(eq(chatMessages.challengeId, challenge.id))).toHaveLength(0);
    expect(
      await h.db.select().from(challengePlayers).where(eq(challengePlayers.challengeId, challenge.id)),
    ).toHaveLength(0);
    // The players' accounts stay.
    expect(await h.db.select().from(users).where(eq(users.id, members[1].user.id))).toHaveLength(1);

    const [entry] = await auditRowsFor("challenge", challenge.id);
    expect(entry).toMatchObject({
      action: "challenge.delete",
      actorId: admin.id,
      details: { label: name, creatorId: members[0].user.id, players: 2, records: 3, messages: messagesBefore.length },
    });

    const after = await dashboard(h.as(admin));
    expect(after.totals.challengesActive).toBe(before.totals.challengesActive - 1);
    expect(after.totals.birdiesToday).toBe(before.totals.birdiesToday - 3);

    // Gone: a second delete is a 404 and logs nothing more.
    await expect(asAdmin().admin.challenges.delete({ challengeId: challenge.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await auditRowsFor("challenge", challenge.id)).toHaveLength(1);
  });
});

describe("support inbox", () => {
  test("lists with type and status filters, newest first, with counts per status", async () => {
    const { client } = await signUp(h);
    const t = tag();
    const bug = await supportRequest(client, { type: "bug", subject: `Bug ${t}` });
    const idea = await supportRequest(client, { type: "feature", subject: `Idea ${t}` });
    await h.db
      .update(supportRequests)
      .set({ status: "resolved", resolvedAt: new Date(), resolvedBy: admin.id })
      .where(eq(supportRequests.id, idea));

    const open = await asAdmin().admin.support.list({});
    expect(open.items.every((r) => r.status === "open")).toBe(true);
    expect(open.items.map((r) => r.id)).toContain(bug);
    expect(open.items.map((r) => r.id)).not.toContain(idea);

    const features = await asAdmin().admin.support.list({ type: "feature", status: "all" });
    expect(features.items.every((r) => r.type === "feature")).toBe(true);
    expect(features.items.map((r) => r.id)).toContain(idea);
    expect(features.total).toBe(features.counts.open + features.counts.resolved);

    const everything = await asAdmin().admin.support.list({ status: "all", pageSize: 100 });
    const ids = everything.items.map((r) => r.id);
    expect(ids.indexOf(idea)).toBeLessThan(ids.indexOf(bug));
    const item = everything.items.find((r) => r.id === bug)!;
    expect(item).toMatchObject({
      subject: `Bug ${t}`,
      message: "Please help",
      email: "golfer@example.com",
      resolvedAt: null,
      resolvedBy: null,
    });
    expect(item.sender?.id).toBeGreaterThan(0);
  });

  test("mark resolved sets resolvedAt/resolvedBy, reopen clears them; both logged; totals follow", async () => {
    const id = await supportRequest(new RestClient(h.app));
    const before = await asAdmin().admin.dashboard();

    const resolved = await asAdmin().admin.support.setStatus({ id, status: "resolved" });
    expect(resolved.changed).toBe(true);
    expect(resolved.item).toMatchObject({
      id,
      status: "resolved",
      resolvedBy: { id: admin.id, username: admin.username },
      sender: null,
    });
    expect(Date.now() - Date.parse(resolved.item.resolvedAt!)).toBeLessThan(60_000);
    expect((await asAdmin().admin.dashboard()).totals.openSupportRequests).toBe(before.totals.openSupportRequests - 1);

    expect((await asAdmin().admin.support.setStatus({ id, status: "resolved" })).changed).toBe(false);

    const reopened = await asAdmin().admin.support.setStatus({ id, status: "open" });
    expect(reopened.item).toMatchObject({ status: "open", resolvedAt: null, resolvedBy: null });
    expect((await asAdmin().admin.dashboard()).totals.openSupportRequests).toBe(before.totals.openSupportRequests);

    expect((await auditRowsFor("support_request", id)).map((e) => e.action)).toEqual([
      "support.resolve",
      "support.reopen",
    ]);
    await expect(asAdmin().admin.support.setStatus({ id: 999_999, status: "open" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});

describe("dashboard", () => {
  test("totals change after sign-ups, challenges, records, support requests and actions", async () => {
    const before = await asAdmin().admin.dashboard();
    const { client, user } = await signUp(h);
    const { record } = await challengeWith(1);
    await challengeWith(1, { startInDays: 3, endInDays: 10 });
    const past = await challengeWith(1);
    await h.db.execute(
      sql`update challenges set start_date = now() - interval '20 days', end_date = now() - interval '10 days' where id = ${past.challenge.id}`,
    );
    await record(0, [
      [1, 3],
      [2, 3],
      [3, 2],
    ]);
    await supportRequest(client);
    await asAdmin().admin.users.setDisabled({ userId: user.id, disabled: true });

    const after = await asAdmin().admin.dashboard();
    // Sign-ups: the new user plus one creator per challenge.
    expect(after.totals.users).toBe(before.totals.users + 4);
    expect(after.totals.disabledUsers).toBe(before.totals.disabledUsers + 1);
    expect(after.totals.challengesActive).toBe(before.totals.challengesActive + 1);
    expect(after.totals.challengesUpcoming).toBe(before.totals.challengesUpcoming + 1);
    expect(after.totals.challengesPast).toBe(before.totals.challengesPast + 1);
    expect(after.totals.birdiesToday).toBe(before.totals.birdiesToday + 3);
    expect(after.totals.birdiesThisWeek).toBe(before.totals.birdiesThisWeek + 3);
    expect(after.totals.openSupportRequests).toBe(before.totals.openSupportRequests + 1);

    // The 30-day series: one entry per UTC day ending today, zero-filled.
    expect(after.daily).toHaveLength(30);
    expect(after.daily.at(-1)!.day).toBe(today());
    expect(after.daily[0].day).toBe(new Date(Date.now() - 29 * DAY).toISOString().slice(0, 10));
    const todayBefore = before.daily.at(-1)!;
    const todayAfter = after.daily.at(-1)!;
    if (todayBefore.day === todayAfter.day) {
      expect(todayAfter.signUps).toBe(todayBefore.signUps + 4);
      expect(todayAfter.records).toBe(todayBefore.records + 3);
    }

    // The latest audit entry is the disable, with its actor.
    expect(after.recentAudit[0]).toMatchObject({
      action: "user.disable",
      targetId: user.id,
      targetLabel: user.username,
      actor: { id: admin.id },
    });
    expect(after.recentAudit.length).toBeLessThanOrEqual(10);
  });

  test("the series counts by UTC day at a fixed moment, records and sign-ups apart", async () => {
    const { user } = await signUp(h);
    const { record } = await challengeWith(1);
    await record(0, [[10, 3]]);
    const [r] = await rows<{ id: number }>(
      h.db,
      sql`select id from birdie_records where hole_number = 10 order by id desc limit 1`,
    );
    // Move one user and one record to 2025-03-10 and look from 2025-03-20 (both in the window).
    await h.db.execute(sql`update users set created_at = '2025-03-10T23:30:00Z' where id = ${user.id}`);
    await h.db.execute(sql`update birdie_records set created_at = '2025-03-10T00:15:00Z' where id = ${r.id}`);
    const view = await dashboard(h.as(admin, { clock: () => new Date("2025-03-20T12:00:00Z") }));
    expect(view.daily).toHaveLength(30);
    expect(view.daily[0].day).toBe("2025-02-19");
    expect(view.daily.at(-1)!.day).toBe("2025-03-20");
    expect(view.daily.find((d) => d.day === "2025-03-10")).toEqual({ day: "2025-03-10", signUps: 1, records: 1 });
    expect(view.daily.filter((d) => d.day !== "2025-03-10").every((d) => d.signUps === 0 && d.records === 0)).toBe(
      true,
    );
  });

  test("audit.list pages through every entry, newest first", async () => {
    const first = await asAdmin().admin.audit.list({ pageSize: 2 });
    expect(first.items).toHaveLength(2);
    expect(first.total).toBeGreaterThanOrEqual(2);
    expect(Date.parse(first.items[0].createdAt)).toBeGreaterThanOrEqual(Date.parse(first.items[1].createdAt));
    const second = await asAdmin().admin.audit.list({ pageSize: 2, page: 2 });
    expect(second.items[0].id).not.toBe(first.items[0].id);
  });
});

describe("analytics", () => {
  test("records per hole (all 18), busiest courses, achievements per type, weekly active users", async () => {
    const before = await asAdmin().admin.analytics();
    expect(before.holes.map((x) => x.holeNumber)).toEqual(Array.from({ length: 18 }, (_, i) => i + 1));
    expect(before.weeklyActive).toHaveLength(12);

    const { members, record } = await challengeWith(2);
    await record(0, [
      [18, 3],
      [17, 2],
    ]);
    await record(1, [[18, 3]]);
    const after = await asAdmin().admin.analytics();

    const hole = (a: typeof after, n: number) => a.holes.find((x) => x.holeNumber === n)!;
    expect(hole(after, 18).records).toBe(hole(before, 18).records + 2);
    expect(hole(after, 18).birdies).toBe(hole(before, 18).birdies + 2);
    expect(hole(after, 17).eagles).toBe(hole(before, 17).eagles + 1);

    expect(after.busiestCourses.length).toBeLessThanOrEqual(10);
    for (let i = 1; i < after.busiestCourses.length; i++) {
      expect(after.busiestCourses[i - 1].records).toBeGreaterThanOrEqual(after.busiestCourses[i].records);
    }

    const earned = (a: typeof after, type: string) => a.achievements.find((x) => x.achievementType === type)!.earned;
    expect(after.achievements.length).toBeGreaterThanOrEqual(9);
    expect(earned(after, "first_birdie")).toBe(earned(before, "first_birdie") + 2);
    expect(earned(after, "early_bird")).toBe(earned(before, "early_bird") + 1);

    const thisWeek = (a: typeof after) => a.weeklyActive.at(-1)!;
    expect(thisWeek(after).activeUsers).toBe(thisWeek(before).activeUsers + 2);
    expect(thisWeek(after).records).toBe(thisWeek(before).records + 3);
    expect(members).toHaveLength(2);
  });

  test("weekly active users: distinct users per ISO week (Monday, UTC), the last 12 weeks", async () => {
    const { members, record } = await challengeWith(2);
    await record(0, [
      [11, 3],
      [12, 3],
    ]);
    await record(1, [[11, 3]]);
    const ids = members.map((m) => m.user.id);
    // Put these records in the week of Monday 2025-06-02 and look from Wednesday 2025-06-18.
    await h.db.execute(
      sql`update birdie_records set created_at = '2025-06-04T10:00:00Z' where user_id in (${ids[0]}, ${ids[1]})`,
    );
    const view = await analytics(h.as(admin, { clock: () => new Date("2025-06-18T08:00:00Z") }));
    expect(view.weeklyActive).toHaveLength(12);
    expect(view.weeklyActive.at(-1)!.weekStart).toBe("2025-06-16");
    expect(view.weeklyActive[0].weekStart).toBe("2025-03-31");
    const week = view.weeklyActive.find((w) => w.weekStart === "2025-06-02")!;
    expect(week.activeUsers).toBeGreaterThanOrEqual(2);
    expect(week.records).toBeGreaterThanOrEqual(3);
  });
});

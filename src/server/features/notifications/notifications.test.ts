import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq, like, sql } from "drizzle-orm";
import { jobs } from "../../db/schema/jobs";
import { notifications } from "../../db/schema/notifications";
import { pushSubscriptions } from "../../db/schema/push";
import { supportRequests } from "../../db/schema/support";
import { users } from "../../db/schema/users";
import { JobRunner } from "../../jobs/runner";
import { startServer } from "../../server";
import { createChallenge, join } from "../../test/harness/challenge-fixtures";
import { createTestHarness, RestClient, signUp, testEnv, type TestHarness } from "../../test/harness/harness";
import { TestSocket } from "../../test/harness/test-socket";
import { notificationJobs } from "./jobs";
import { notify, notifyEach } from "./notify";
import { NOTIFICATION_JOBS } from "./public";
import { scheduleChallengeReminders } from "./schedule";

// The notification centre (ADR 0033): REST and tRPC twins, settings, notify()'s mail and push
// jobs, the events (join, round, overtaken, support reply, reminders) and live delivery on /ws.

let h: TestHarness;
let runner: JobRunner;
beforeAll(async () => {
  h = await createTestHarness();
  // Only the notification kinds: the mail.send / push.send jobs stay in the table to be looked at.
  runner = new JobRunner(h.deps, notificationJobs);
}, 120_000);
afterAll(() => h.close());

const DAY = 86_400_000;
const today = () => new Date().toISOString().slice(0, 10);
const partner = { name: "Pat Partner", signature: "P. Partner" };

const notificationsOf = (userId: number) =>
  h.db.select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id);

let deviceSeq = 0;
/** A subscribed push device for the user (stored as the subscription route stores one). */
async function deviceFor(userId: number) {
  await h.db.insert(pushSubscriptions).values({
    userId,
    endpoint: `https://push.example/device-${userId}-${++deviceSeq}`,
    p256dh: "test-key",
    auth: "test-auth",
  });
}

/** The mail.send / push.send jobs enqueued for a user (push by userId, mail by address). */
async function deliveries(user: { id: number; email: string | null }) {
  const list = await h.db.select().from(jobs).where(sql`${jobs.kind} in ('mail.send', 'push.send')`);
  return {
    push: list.filter((j) => j.kind === "push.send" && (j.payload as { userId: number }).userId === user.id),
    mail: list.filter((j) => j.kind === "mail.send" && (j.payload as { to: string }).to === user.email),
  };
}

/** A challenge by `owner` that `others` joined (their join jobs already run). */
async function challengeWith(n: number, body: Record<string, unknown> = {}) {
  const golfers = [];
  for (let i = 0; i < n; i++) golfers.push(await signUp(h));
  const challenge = await createChallenge(golfers[0].client, body);
  for (const g of golfers.slice(1)) await join(g.client, challenge.inviteCode);
  await runner.runDue();
  return { golfers, challenge };
}

async function recordRound(client: RestClient, challengeId: number, holes: { holeNumber: number; score: number }[]) {
  const res = await client.post("/trpc/birdies.recordRound", {
    challengeId,
    date: today(),
    holes,
    verifiedBy: partner,
  });
  if (res.status !== 200) throw new Error(`round failed: ${res.status} ${res.text}`);
  return res.json.result.data;
}

describe("GET /api/notifications and POST /api/notifications/read", () => {
  test("401 signed out, and an empty list for a new golfer", async () => {
    const anon = new RestClient(h.app);
    expect((await anon.get("/api/notifications")).status).toBe(401);
    expect((await anon.post("/api/notifications/read", {})).status).toBe(401);
    const { client } = await signUp(h);
    const res = await client.get("/api/notifications");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ items: [], unread: 0, nextBefore: null });
  });

  test("newest first, paged with before; marking some, then all, read; only one's own", async () => {
    const me = await signUp(h);
    const other = await signUp(h);
    for (let i = 1; i <= 5; i++) await notify(h.db, [me.user.id], "challenge_starts", `Item ${i}`, `/challenges/${i}`);
    await notify(h.db, [other.user.id], "challenge_starts", "Not yours", "/challenges/9");

    const first = await me.client.get("/api/notifications?limit=2");
    expect(first.status).toBe(200);
    expect(first.json.unread).toBe(5);
    expect(first.json.items.map((i: { text: string }) => i.text)).toEqual(["Item 5", "Item 4"]);
    expect(first.json.items[0]).toEqual({
      id: expect.any(Number),
      type: "challenge_starts",
      text: "Item 5",
      url: "/challenges/5",
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      readAt: null,
    });
    const second = await me.client.get(`/api/notifications?limit=2&before=${first.json.nextBefore}`);
    expect(second.json.items.map((i: { text: string }) => i.text)).toEqual(["Item 3", "Item 2"]);
    const last = await me.client.get(`/api/notifications?limit=2&before=${second.json.nextBefore}`);
    expect(last.json.items.map((i: { text: string }) => i.text)).toEqual(["Item 1"]);
    expect(last.json.nextBefore).toBeNull();

    const theirs = (await notificationsOf(other.user.id))[0].id;
    const marked = await me.client.post("/api/notifications/read", { ids: [first.json.items[0].id, theirs] });
    expect(marked.status).toBe(200);
    expect(marked.json).toEqual({ unread: 4 });
    // Someone else's id is ignored, never marked.
    expect((await notificationsOf(other.user.id))[0].readAt).toBeNull();
    const after = await me.client.get("/api/notifications?limit=1");
    expect(after.json.items[0].readAt).toEqual(expect.any(String));

    // The tRPC twin: no ids means every unread one.
    const all = await me.client.post("/trpc/notifications.markRead", {});
    expect(all.status).toBe(200);
    expect(all.json.result.data).toEqual({ unread: 0 });
    const listed = await me.client.get(`/trpc/notifications.list?input=${encodeURIComponent(JSON.stringify({}))}`);
    expect(listed.json.result.data.unread).toBe(0);
    expect(listed.json.result.data.items).toHaveLength(5);
    expect((await other.client.get("/api/notifications")).json.unread).toBe(1);
  });

  test("bad input answers 400 with a message", async () => {
    const { client } = await signUp(h);
    for (const [path, message] of [
      ["/api/notifications?limit=0", "Limit must be 1 or more"],
      ["/api/notifications?limit=101", "Limit must be at most 100"],
      ["/api/notifications?before=abc", "Invalid notification id"],
    ] as const) {
      const res = await client.get(path);
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ message });
    }
    const bad = await client.post("/api/notifications/read", { ids: "all" });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ message: "ids must be a list of notification ids" });
  });
});

describe("notification settings", () => {
  test("defaults, a partial update, the tRPC twin, and bad input", async () => {
    const { client } = await signUp(h);
    expect((await new RestClient(h.app).get("/api/users/me/notification-settings")).status).toBe(401);
    const res = await client.get("/api/users/me/notification-settings");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      challenge_joined: { email: false, push: true },
      rival_round: { email: false, push: false },
      overtaken: { email: false, push: true },
      challenge_starts: { email: false, push: true },
      challenge_ends_soon: { email: false, push: true },
      challenge_ended: { email: true, push: true },
      support_reply: { email: true, push: true },
      verification_request: { email: true, push: true },
      record_status: { email: false, push: true },
    });
    const put = await client.put("/api/users/me/notification-settings", {
      rival_round: { email: true, push: true },
      challenge_ended: { email: false, push: false },
    });
    expect(put.status).toBe(200);
    expect(put.json.rival_round).toEqual({ email: true, push: true });
    expect(put.json.challenge_ended).toEqual({ email: false, push: false });
    expect(put.json.support_reply).toEqual({ email: true, push: true });
    const twin = await client.get("/trpc/notifications.settings");
    expect(twin.json.result.data).toEqual(put.json);

    for (const [payload, message] of [
      [{ birdies: { email: true, push: true } }, "Unknown notification kind"],
      [{ rival_round: { email: "yes", push: true } }, "email must be true or false"],
      [{ rival_round: true }, "Each setting needs email and push"],
    ] as const) {
      const bad = await client.put("/api/users/me/notification-settings", payload);
      expect(bad.status).toBe(400);
      expect(bad.json.message).toBe(message);
    }
  });

  test("notify() enqueues push and mail per each recipient's settings, once per dedupe key", async () => {
    const a = await signUp(h);
    const b = await signUp(h);
    // Push on by default for this kind, but no device subscribed: nothing to push to.
    const noDevice = await signUp(h);
    const disabled = await signUp(h);
    await h.db.update(users).set({ disabled: true }).where(eq(users.id, disabled.user.id));
    await b.client.put("/api/users/me/notification-settings", { challenge_ended: { email: false, push: true } });
    for (const who of [a, b]) await deviceFor(who.user.id);
    const ids = [a.user.id, b.user.id, noDevice.user.id, disabled.user.id];
    const told = await notify(h.db, ids, "challenge_ended", "Spring Open has ended.", "/leaderboard/1", {
      dedupeKey: "test-ended-1",
      env: { PUBLIC_ORIGIN: ["https://birdie.example"] },
    });
    expect(told.sort()).toEqual([a.user.id, b.user.id, noDevice.user.id].sort());
    // Again with the same key (a job run twice): nothing more.
    expect(
      await notify(h.db, ids, "challenge_ended", "Spring Open has ended.", "/x", { dedupeKey: "test-ended-1" }),
    ).toEqual([]);
    expect(await notificationsOf(a.user.id)).toHaveLength(1);
    expect(await notificationsOf(disabled.user.id)).toHaveLength(0);

    const forA = await deliveries(a.user);
    expect(forA.push.map((j) => j.payload)).toEqual([
      {
        userId: a.user.id,
        title: "Birdie Challenge",
        body: "Spring Open has ended.",
        url: "/leaderboard/1",
        tag: "challenge_ended",
      },
    ]);
    expect(forA.mail).toHaveLength(1);
    expect(forA.mail[0].payload).toMatchObject({ to: a.user.email, subject: "Spring Open has ended." });
    expect((forA.mail[0].payload as { text: string }).text).toContain("https://birdie.example/leaderboard/1");
    // Multipart: the same message as simple HTML, with the link as a button and the settings line.
    const html = (forA.mail[0].payload as { html: string }).html;
    expect(html).toContain("<p>Spring Open has ended.</p>");
    expect(html).toContain('href="https://birdie.example/leaderboard/1"');
    expect(html).toContain("Change them in Settings: https://birdie.example/profile");
    const forB = await deliveries(b.user);
    expect(forB.push).toHaveLength(1);
    expect(forB.mail).toHaveLength(0);
    const forNoDevice = await deliveries(noDevice.user);
    expect(forNoDevice.push).toHaveLength(0);
    expect(forNoDevice.mail).toHaveLength(1);

    // Off by default: a rival's round is in-app only.
    await notify(h.db, [a.user.id], "rival_round", "Bob recorded a round", "/leaderboard/1");
    const again = await deliveries(a.user);
    expect(again.push).toHaveLength(1);
    expect(again.mail).toHaveLength(1);
  });

  test("notifyEach() adds one event's notifications of different kinds and texts in one go", async () => {
    const a = await signUp(h);
    const b = await signUp(h);
    const disabled = await signUp(h);
    await h.db.update(users).set({ disabled: true }).where(eq(users.id, disabled.user.id));
    for (const who of [a, b]) await deviceFor(who.user.id);
    // b wants overtaken by e-mail too (off by default).
    await b.client.put("/api/users/me/notification-settings", { overtaken: { email: true, push: true } });
    const items = [
      {
        userId: a.user.id,
        kind: "rival_round" as const,
        text: "Bob recorded a round",
        url: "/leaderboard/7",
        dedupeKey: "each-1",
      },
      {
        userId: a.user.id,
        kind: "overtaken" as const,
        text: "Bob overtook you. You are now 2nd of 3.",
        url: "/leaderboard/7",
        dedupeKey: "overtaken:each-1",
      },
      {
        userId: b.user.id,
        kind: "overtaken" as const,
        text: "Bob overtook you. You are now 3rd of 3.",
        url: "/leaderboard/7",
        dedupeKey: "overtaken:each-1",
      },
      // A second of the same kind for the same golfer is dropped, not added twice.
      {
        userId: b.user.id,
        kind: "overtaken" as const,
        text: "twice",
        url: "/leaderboard/7",
        dedupeKey: "overtaken:each-2",
      },
      {
        userId: disabled.user.id,
        kind: "rival_round" as const,
        text: "Bob recorded a round",
        url: "/leaderboard/7",
        dedupeKey: "each-1",
      },
    ];
    const told = await h.db.transaction((tx) => notifyEach(tx, items));
    expect(told.sort()).toEqual([a.user.id, b.user.id].sort());
    expect((await notificationsOf(a.user.id)).map((n) => [n.type, n.text])).toEqual([
      ["rival_round", "Bob recorded a round"],
      ["overtaken", "Bob overtook you. You are now 2nd of 3."],
    ]);
    expect((await notificationsOf(b.user.id)).map((n) => n.text)).toEqual(["Bob overtook you. You are now 3rd of 3."]);
    expect(await notificationsOf(disabled.user.id)).toHaveLength(0);
    // Each notification's own kind decides its sends: rival_round pushes nothing by default,
    // overtaken pushes its own text; b's e-mail follows b's setting for overtaken.
    const forA = await deliveries(a.user);
    expect(forA.push.map((j) => (j.payload as { body: string; tag: string }).tag)).toEqual(["overtaken"]);
    expect(forA.push[0].payload).toMatchObject({
      body: "Bob overtook you. You are now 2nd of 3.",
      url: "/leaderboard/7",
    });
    expect(forA.mail).toHaveLength(0);
    const forB = await deliveries(b.user);
    expect(forB.push.map((j) => (j.payload as { body: string }).body)).toEqual([
      "Bob overtook you. You are now 3rd of 3.",
    ]);
    expect(forB.mail.map((j) => (j.payload as { subject: string }).subject)).toEqual([
      "Bob overtook you. You are now 3rd of 3.",
    ]);
    // The same event again (a job run twice): every dedupe key is taken, nothing is added or sent.
    expect(await h.db.transaction((tx) => notifyEach(tx, items))).toEqual([]);
    expect(await notificationsOf(a.user.id)).toHaveLength(2);
    expect((await deliveries(a.user)).push).toHaveLength(1);
  });
});

describe("events", () => {
  test("someone joined: the other players are told, from a job enqueued with the join", async () => {
    const owner = await signUp(h, { displayName: "Olive Owner" });
    const first = await signUp(h, { displayName: "Fred First" });
    const late = await signUp(h, { displayName: "Lara Late" });
    const challenge = await createChallenge(owner.client, { name: "Join Cup" });
    await join(first.client, challenge.inviteCode);
    const queued = await h.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, NOTIFICATION_JOBS.joined), sql`${jobs.payload}->>'userId' = ${String(first.user.id)}`));
    expect(queued).toHaveLength(1);
    await runner.runDue();
    await join(late.client, challenge.inviteCode);
    await runner.runDue();
    expect((await notificationsOf(owner.user.id)).map((n) => n.text)).toEqual([
      "Fred First joined Join Cup",
      "Lara Late joined Join Cup",
    ]);
    expect((await notificationsOf(first.user.id)).map((n) => [n.type, n.text, n.url])).toEqual([
      ["challenge_joined", "Lara Late joined Join Cup", `/challenges/${challenge.id}`],
    ]);
    expect(await notificationsOf(late.user.id)).toEqual([]);
  });

  test("a recorded round: one notification per round to each rival, and to those it overtook", async () => {
    const { golfers, challenge } = await challengeWith(3, { name: "Round Cup" });
    const [ann, bob, cy] = golfers;
    await h.db.update(users).set({ displayName: "Bob Birdie" }).where(eq(users.id, bob.user.id));
    // Ann leads with one birdie; then Bob records a three-hole round and passes her.
    await recordRound(ann.client, challenge.id, [{ holeNumber: 1, score: 3 }]);
    await runner.runDue();
    await recordRound(bob.client, challenge.id, [
      { holeNumber: 2, score: 3 },
      { holeNumber: 3, score: 3 },
      { holeNumber: 4, score: 2 },
    ]);
    await runner.runDue();

    const forAnn = (await notificationsOf(ann.user.id)).filter((n) => n.type !== "challenge_joined");
    expect(forAnn.map((n) => [n.type, n.text])).toEqual([
      ["rival_round", "Bob Birdie recorded a round in Round Cup: 2 birdies and 1 eagle"],
      ["overtaken", "Bob Birdie overtook you in Round Cup. You are now 2nd of 3."],
    ]);
    expect(forAnn[0].url).toBe(`/leaderboard/${challenge.id}`);
    // Cy was behind Bob already: told of the round, not overtaken. One round: one notification.
    const forCy = (await notificationsOf(cy.user.id)).filter((n) => n.type !== "challenge_joined");
    expect(forCy.map((n) => n.type)).toEqual(["rival_round", "rival_round"]);
    expect(forCy[1].text).toBe("Bob Birdie recorded a round in Round Cup: 2 birdies and 1 eagle");
    // Nobody hears of their own round.
    expect((await notificationsOf(bob.user.id)).filter((n) => n.type === "rival_round")).toHaveLength(1);

    // A single hole through POST /api/birdies is a round of one.
    const single = await cy.client.post("/api/birdies", {
      challengeId: challenge.id,
      holeNumber: 9,
      score: 3,
      date: today(),
      verifiedBy: partner,
    });
    expect(single.status).toBe(201);
    await runner.runDue();
    const latest = (await notificationsOf(ann.user.id)).at(-1)!;
    expect(latest.text).toMatch(/recorded a round in Round Cup: 1 birdie$/);
  });

  test("a round that rolls back enqueues nothing", async () => {
    const { golfers, challenge } = await challengeWith(2);
    const before = await h.db.select().from(jobs).where(eq(jobs.kind, NOTIFICATION_JOBS.round));
    // Hole 1 twice in one challenge without multiple birdies: the second round is refused (409).
    await recordRound(golfers[0].client, challenge.id, [{ holeNumber: 1, score: 3 }]);
    const res = await golfers[0].client.post("/trpc/birdies.recordRound", {
      challengeId: challenge.id,
      date: today(),
      holes: [
        { holeNumber: 5, score: 3 },
        { holeNumber: 1, score: 3 },
      ],
      verifiedBy: partner,
    });
    expect(res.status).toBe(409);
    const after = await h.db.select().from(jobs).where(eq(jobs.kind, NOTIFICATION_JOBS.round));
    expect(after.length - before.length).toBe(1);
  });

  test("a support reply: stored, shown in-app to the signed-in sender and mailed to the request's address", async () => {
    const sender = await signUp(h);
    const admin = await signUp(h);
    await h.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.user.id));
    const sent = await sender.client.post("/api/support", {
      email: "reply-to-me@example.com",
      subject: "Scores missing",
      message: "My birdie on 7 is gone",
      type: "bug",
    });
    expect(sent.status).toBe(201);
    // Someone else signed out: mailed, nobody to show it to in-app.
    const anonymous = await new RestClient(h.app).post("/api/support", {
      email: "signed-out@example.com",
      subject: "Locked out",
      message: "Help",
    });
    expect(anonymous.status).toBe(201);

    const notAdmin = await sender.client.post("/trpc/admin.support.reply", { id: sent.json.id, message: "Hi" });
    expect(notAdmin.status).toBe(403);
    const empty = await admin.client.post("/trpc/admin.support.reply", { id: sent.json.id, message: "  " });
    expect(empty.status).toBe(400);
    const missing = await admin.client.post("/trpc/admin.support.reply", { id: 999999, message: "Hi" });
    expect(missing.status).toBe(404);

    const reply = await admin.client.post("/trpc/admin.support.reply", {
      id: sent.json.id,
      message: "Found it: it is back on your card.",
    });
    expect(reply.status).toBe(200);
    expect(reply.json.result.data.replies).toEqual([
      {
        id: expect.any(Number),
        message: "Found it: it is back on your card.",
        createdAt: expect.any(String),
        authorName: admin.user.displayName,
      },
    ]);
    await admin.client.post("/trpc/admin.support.reply", { id: anonymous.json.id, message: "Reset link sent." });
    await runner.runDue();

    expect((await notificationsOf(sender.user.id)).map((n) => [n.type, n.text, n.url])).toEqual([
      ["support_reply", 'Support replied to "Scores missing": Found it: it is back on your card.', "/support"],
    ]);
    const mails = await h.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, "mail.send"), like(sql`${jobs.payload}->>'to'`, "%@example.com")));
    const toSender = mails.filter((m) => (m.payload as { to: string }).to === "reply-to-me@example.com");
    expect(toSender.map((m) => m.payload)).toEqual([
      {
        to: "reply-to-me@example.com",
        subject: "Re: Scores missing",
        text: 'Found it: it is back on your card.\n\nIn reply to your request "Scores missing".\n\n-- \nBirdie Challenge support\n',
        html: expect.stringContaining("<p>Found it: it is back on your card.</p>"),
      },
    ]);
    // Plain text and simple HTML (multipart/alternative); the HTML escapes what the golfer typed.
    expect((toSender[0]!.payload as { html: string }).html).toContain("&quot;Scores missing&quot;");
    expect(mails.filter((m) => (m.payload as { to: string }).to === "signed-out@example.com")).toHaveLength(1);
    // The account's own address gets no second copy.
    expect((await deliveries(sender.user)).mail).toHaveLength(0);
    const listed = await admin.client.get(
      `/trpc/admin.support.list?input=${encodeURIComponent(JSON.stringify({ status: "all" }))}`,
    );
    const item = listed.json.result.data.items.find((i: { id: number }) => i.id === sent.json.id);
    expect(item.replies).toHaveLength(1);
    await h.db.delete(supportRequests).where(eq(supportRequests.id, anonymous.json.id));
  });
});

describe("scheduled reminders", () => {
  /** Makes a challenge's scheduled jobs due now (time passes). */
  const makeDue = (challengeId: number, event: string) =>
    h.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.dedupeKey, sql`${`challenge:${challengeId}:${event}:`} || (${jobs.payload}->>'at')`));

  test("a new challenge schedules starts tomorrow, ends in 24 h and ended at their times", async () => {
    const { golfers, challenge } = await challengeWith(2, {
      name: "Dated Cup",
      startDate: new Date(Date.now() + 3 * DAY).toISOString(),
      endDate: new Date(Date.now() + 10 * DAY).toISOString(),
    });
    const scheduled = await h.db
      .select()
      .from(jobs)
      .where(
        and(eq(jobs.kind, NOTIFICATION_JOBS.schedule), sql`(${jobs.payload}->>'challengeId')::int = ${challenge.id}`),
      )
      .orderBy(jobs.runAt);
    expect(scheduled.map((j) => [(j.payload as { event: string }).event, j.runAt.getTime()])).toEqual([
      ["starts", new Date(challenge.startDate).getTime() - DAY],
      ["ends_soon", new Date(challenge.endDate).getTime() - DAY],
      ["ended", new Date(challenge.endDate).getTime()],
    ]);
    // Nothing is due yet.
    expect(await runner.runDue()).toBe(0);

    // Scheduling again (every process does at start) adds nothing.
    await scheduleChallengeReminders(h.db);
    await scheduleChallengeReminders(h.db);
    const again = await h.db
      .select()
      .from(jobs)
      .where(
        and(eq(jobs.kind, NOTIFICATION_JOBS.schedule), sql`(${jobs.payload}->>'challengeId')::int = ${challenge.id}`),
      );
    expect(again).toHaveLength(3);

    await makeDue(challenge.id, "starts");
    await runner.runDue();
    for (const g of golfers) {
      expect(
        (await notificationsOf(g.user.id)).filter((n) => n.type === "challenge_starts").map((n) => n.text),
      ).toEqual(["Dated Cup starts tomorrow."]);
    }
  });

  test("ends in 24 h and ended carry the standing and the winner; edited dates make old ones stale", async () => {
    const { golfers, challenge } = await challengeWith(3, { name: "Final Cup" });
    const [ann, bob, cy] = golfers;
    await h.db.update(users).set({ displayName: "Ann Ace" }).where(eq(users.id, ann.user.id));
    await recordRound(ann.client, challenge.id, [
      { holeNumber: 1, score: 3 },
      { holeNumber: 2, score: 3 },
    ]);
    await recordRound(bob.client, challenge.id, [{ holeNumber: 1, score: 3 }]);
    await runner.runDue();

    await makeDue(challenge.id, "ends_soon");
    await runner.runDue();
    const endsSoon = async (id: number) =>
      (await notificationsOf(id)).filter((n) => n.type === "challenge_ends_soon").map((n) => n.text);
    expect(await endsSoon(ann.user.id)).toEqual(["Final Cup ends in 24 hours. You are 1st of 3."]);
    expect(await endsSoon(cy.user.id)).toEqual(["Final Cup ends in 24 hours. You are 3rd of 3."]);

    // The creator moves the end: the reminder of the old date stays quiet, the new one is scheduled.
    const oldEnded = await h.db
      .select()
      .from(jobs)
      .where(
        and(
          eq(jobs.kind, NOTIFICATION_JOBS.schedule),
          sql`${jobs.dedupeKey} like ${`challenge:${challenge.id}:ended:%`}`,
        ),
      );
    expect(oldEnded).toHaveLength(1);
    const newEnd = new Date(Date.now() + 20 * DAY).toISOString();
    const edit = await ann.client.patch(`/api/challenges/${challenge.id}`, { endDate: newEnd });
    expect(edit.status).toBe(200);
    await h.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, oldEnded[0].id));
    await runner.runDue();
    expect((await notificationsOf(ann.user.id)).filter((n) => n.type === "challenge_ended")).toEqual([]);

    const newEnded = await h.db
      .select()
      .from(jobs)
      .where(eq(jobs.dedupeKey, `challenge:${challenge.id}:ended:${newEnd}`));
    expect(newEnded).toHaveLength(1);
    await h.db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, newEnded[0].id));
    await runner.runDue();
    const ended = async (id: number) =>
      (await notificationsOf(id)).filter((n) => n.type === "challenge_ended").map((n) => n.text);
    expect(await ended(ann.user.id)).toEqual(["Final Cup has ended. You won!"]);
    expect(await ended(bob.user.id)).toEqual(["Final Cup has ended. You finished 2nd of 3. Winner: Ann Ace."]);
    expect(await ended(cy.user.id)).toEqual(["Final Cup has ended. You finished 3rd of 3. Winner: Ann Ace."]);
    // Results are e-mailed by default.
    expect(
      (await deliveries(bob.user)).mail.some((m) =>
        (m.payload as { subject: string }).subject.startsWith("Final Cup has ended"),
      ),
    ).toBe(true);
  });
});

describe("live delivery on /ws", () => {
  test("a rival's round reaches every open device of the golfer at once; marking read nudges them", async () => {
    const server = await startServer(testEnv({ PORT: "0" }), {
      database: { ...h.database, close: async () => {} },
      jobOptions: { pollMs: 50 },
    });
    const clientAt = (c: RestClient) => {
      const live = new RestClient(
        { request: (input, init) => fetch(input.replace("http://localhost", server.url), init) },
        server.url,
      );
      live.cookies = c.cookies;
      return live;
    };
    try {
      const { golfers, challenge } = await challengeWith(2, { name: "Live Cup" });
      const [watcher, rival] = golfers;
      const cookie = `session=${watcher.client.cookies.get("session")}`;
      const phone = await TestSocket.open(server.url, cookie);
      const laptop = await TestSocket.open(server.url, cookie);
      const onPhone = phone.next((e) => e.type === "NOTIFICATION" && e.notification?.type === "rival_round", 5000);
      const onLaptop = laptop.next((e) => e.type === "NOTIFICATION" && e.notification?.type === "rival_round", 5000);
      await recordRound(clientAt(rival.client), challenge.id, [{ holeNumber: 3, score: 3 }]);
      const [a, b] = await Promise.all([onPhone, onLaptop]);
      expect(a.notification).toMatchObject({
        type: "rival_round",
        text: expect.stringContaining("recorded a round in Live Cup: 1 birdie"),
        url: `/leaderboard/${challenge.id}`,
        readAt: null,
      });
      expect(b.notification.id).toBe(a.notification.id);

      const nudge = laptop.next((e) => e.type === "NOTIFICATION" && !e.notification);
      await clientAt(watcher.client).post("/api/notifications/read", {});
      await nudge;
      phone.close();
      laptop.close();
    } finally {
      await server.stop();
    }
  }, 30_000);
});

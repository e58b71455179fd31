import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { parse as parseCsv } from "csv-parse/sync";
import { and, eq, sql } from "drizzle-orm";
import { VERIFICATION_STATUSES, statusCounts } from "../../../shared/domain/verification";
import { rows } from "../../db/raw";
import { auditLog } from "../../db/schema/admin";
import { chatMessages } from "../../db/schema/chat";
import { jobs } from "../../db/schema/jobs";
import { notifications } from "../../db/schema/notifications";
import { JobRunner } from "../../jobs/runner";
import { notificationJobs } from "../notifications/jobs";
import { users } from "../../db/schema/users";
import { challengeWindow, createChallenge, join } from "../../test/harness/challenge-fixtures";
import { createTestHarness, signUp, type TestHarness } from "../../test/harness/harness";
import { PARTNER_IS_YOU } from "../birdies/recording";
import { NOT_ALLOWED, RECORD_NOT_FOUND, wrongStatus } from "./service";

// Two-key verification and creator moderation (issue 18, ADR 0040, docs/product/rules.md#verification):
// every transition and who may make it, and what counts with requireConfirmation off and on.
// Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.

let h: TestHarness;
type Golfer = Awaited<ReturnType<typeof signUp>>;
let creator: Golfer;
let golfer: Golfer;
let partner: Golfer;
let outsider: Golfer;
let admin: Golfer;

const DAY = 86_400_000;
const today = () => new Date().toISOString().slice(0, 10);
const yesterday = () => new Date(Date.now() - DAY).toISOString().slice(0, 10);
const typed = { name: "Pat Typed", signature: "P. T." };

beforeAll(async () => {
  h = await createTestHarness({ env: { RATE_LIMIT_SCALE: "1000" } });
  creator = await signUp(h, { displayName: "Carla Creator" });
  golfer = await signUp(h, { displayName: "Gina Golfer" });
  partner = await signUp(h, { displayName: "Pete Partner" });
  outsider = await signUp(h, { displayName: "Otto Outsider" });
  admin = await signUp(h, { displayName: "Ada Admin" });
  await h.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.user.id));
  admin.user.isAdmin = true;
}, 120_000);
afterAll(() => h.close());

async function newChallenge(body: Record<string, unknown> = {}, members: Golfer[] = [golfer, partner]) {
  const c = await createChallenge(creator.client, { ...challengeWindow(-5, 10), ...body });
  for (const m of members) await join(m.client, c.inviteCode);
  return c as { id: number; inviteCode: string; name: string };
}

async function record(
  who: Golfer,
  challengeId: number,
  holeNumber: number,
  score: number,
  by: { partnerUserId?: number } | "typed" = "typed",
) {
  const res = await who.client.post("/api/birdies", {
    challengeId,
    holeNumber,
    score,
    date: yesterday(),
    ...(by === "typed" ? { verifiedBy: typed } : by),
  });
  if (res.status !== 201) throw new Error(`record failed: ${res.status} ${res.text}`);
  return res.json as { id: number; verificationStatus: string; counted: boolean; verifiedBy: { name: string } };
}

const act = (who: Golfer, id: number, action: string, body?: unknown) =>
  who.client.post(`/api/birdies/${id}/${action}`, body);

async function statusOf(id: number) {
  const [r] = await rows<{ s: string; c: boolean }>(
    h.db,
    sql`select verification_status as s, counted as c from birdie_records where id = ${id}`,
  );
  return r;
}

/** The golfer's standing in a challenge as the board shows it (0 points when not on it). */
async function boardPoints(challengeId: number, userId = golfer.user.id) {
  const res = await creator.client.get(`/api/challenges/${challengeId}/leaderboard`);
  expect(res.status).toBe(200);
  const entry = (res.json as { user: { id: number }; points: number; birdiedHoles: number }[]).find(
    (e) => e.user.id === userId,
  );
  return { points: entry?.points ?? 0, holes: entry?.birdiedHoles ?? 0 };
}

/** The golfer's all-time points on the global board (kept by the stats trigger). */
async function globalPoints(who: Golfer = golfer) {
  const res = await who.client.get("/api/leaderboard/global?period=all");
  expect(res.status).toBe(200);
  const all = [...res.json.entries, ...(res.json.me ? [res.json.me] : [])] as {
    user: { id: number };
    points: number;
  }[];
  return all.find((e) => e.user.id === who.user.id)?.points ?? 0;
}

/** The standings kept by triggers equal a recount from the records (ADR 0036's oracle, in short). */
async function standingsAgree(challengeId: number) {
  const drift = await rows<{ n: number }>(
    h.db,
    sql`select count(*)::int as n from (
          select user_id, coalesce(sum(record_points(score)) filter (where record_counts(b)), 0)::int as points
          from birdie_records b where challenge_id = ${challengeId} group by user_id) r
        left join challenge_standings s on s.challenge_id = ${challengeId} and s.user_id = r.user_id
        where coalesce(s.points, 0) <> r.points`,
  );
  expect(drift[0]?.n).toBe(0);
}

describe("the status rule in SQL and TypeScript", () => {
  test("verification_counts() and statusCounts() agree on every status, with and without requireConfirmation", async () => {
    for (const status of VERIFICATION_STATUSES) {
      for (const rc of [false, true]) {
        const [r] = await rows<{ v: boolean }>(h.db, sql`select verification_counts(${status}, ${rc}) as v`);
        expect({ status, rc, v: r?.v }).toEqual({ status, rc, v: statusCounts(status, rc) });
      }
    }
  });
});

describe("recording with a partner's account", () => {
  let c: { id: number };
  beforeAll(async () => {
    c = await newChallenge();
  });

  test("naming a golfer's account makes the record pending, under that golfer's display name", async () => {
    const r = await record(golfer, c.id, 1, 3, { partnerUserId: partner.user.id });
    expect(r.verificationStatus).toBe("pending");
    expect(r.verifiedBy.name).toBe("Pete Partner");
    expect(r.counted).toBe(true);
    const history = await golfer.client.get(`/api/birdies/${r.id}/history`);
    expect(history.status).toBe(200);
    expect(history.json).toHaveLength(1);
    expect(history.json[0]).toMatchObject({ from: null, to: "pending", actor: { id: golfer.user.id } });
  });

  test("a typed partner makes the record signed; neither is a 400", async () => {
    const r = await record(golfer, c.id, 2, 3);
    expect(r.verificationStatus).toBe("signed");
    const neither = await golfer.client.post("/api/birdies", {
      challengeId: c.id,
      holeNumber: 3,
      score: 3,
      date: yesterday(),
    });
    expect(neither.status).toBe(400);
    expect(neither.json.message).toBe("Partner name is required");
  });

  test("naming oneself is a 400 with a clear message, on the dry run too", async () => {
    const res = await golfer.client.post("/api/birdies", {
      challengeId: c.id,
      holeNumber: 4,
      score: 3,
      date: yesterday(),
      partnerUserId: golfer.user.id,
    });
    expect(res.status).toBe(400);
    expect(res.json.message).toBe(PARTNER_IS_YOU);
    const check = h.caller(golfer.user).birdies.checkRound({
      challengeId: c.id,
      date: yesterday(),
      holes: [{ holeNumber: 4, score: 3 }],
      partnerUserId: golfer.user.id,
    });
    await expect(check).rejects.toThrow(PARTNER_IS_YOU);
  });

  test("a round naming a partner: every hole pending, and the partner is asked once", async () => {
    const round = await h.caller(golfer.user).birdies.recordRound({
      challengeId: c.id,
      date: yesterday(),
      holes: [
        { holeNumber: 5, score: 3 },
        { holeNumber: 6, score: 2 },
      ],
      partnerUserId: partner.user.id,
    });
    expect(round.records.map((r) => r.verificationStatus)).toEqual(["pending", "pending"]);
    const asked = await h.db
      .select()
      .from(jobs)
      .where(
        and(eq(jobs.kind, "notifications.partner-named"), eq(jobs.dedupeKey, `partner-named:${round.records[0]?.id}`)),
      );
    expect(asked).toHaveLength(1);
    const pending = await h.caller(partner.user).verification.pending();
    expect(pending.map((p) => p.holeNumber)).toEqual(expect.arrayContaining([5, 6]));
  });

  test("the partner search: prefix, never the caller, no e-mails", async () => {
    const prefix = partner.input.username.slice(0, 10);
    const found = await h.caller(golfer.user).verification.searchGolfers({ q: prefix });
    expect(found.some((g) => g.id === partner.user.id)).toBe(true);
    expect(Object.keys(found[0] ?? {}).sort()).toEqual(["displayName", "id", "username"]);
    const self = await h.caller(golfer.user).verification.searchGolfers({ q: golfer.input.username });
    expect(self.some((g) => g.id === golfer.user.id)).toBe(false);
    expect(await h.caller(golfer.user).verification.searchGolfers({ q: "zzzz_nobody_" })).toEqual([]);
  });
});

describe("who may make which transition", () => {
  let c: { id: number; name: string };
  let id: number;
  beforeAll(async () => {
    c = await newChallenge();
    id = (await record(golfer, c.id, 7, 3, { partnerUserId: partner.user.id })).id;
  });

  test("confirm: only the named partner; others 403, non-members 404", async () => {
    expect((await act(golfer, id, "confirm")).status).toBe(403);
    const byCreator = await act(creator, id, "confirm");
    expect(byCreator.status).toBe(403);
    expect(byCreator.json.message).toBe(NOT_ALLOWED.confirm);
    const byOutsider = await act(outsider, id, "confirm");
    expect(byOutsider.status).toBe(404);
    expect(byOutsider.json.message).toBe(RECORD_NOT_FOUND);
    const ok = await act(partner, id, "confirm");
    expect(ok.status).toBe(200);
    expect(ok.json.verificationStatus).toBe("confirmed");
    const again = await act(partner, id, "confirm");
    expect(again.status).toBe(409);
    expect(again.json.message).toBe(wrongStatus("confirm", "confirmed"));
  });

  test("the golfer hears of the confirmation", async () => {
    const told = await h.db.select().from(jobs).where(eq(jobs.kind, "notifications.record-status"));
    expect(told.length).toBeGreaterThan(0);
  });

  test("dispute: the partner or the creator, with a reason; not the golfer", async () => {
    expect((await act(golfer, id, "dispute", { reason: "mine is fine" })).status).toBe(403);
    expect((await act(outsider, id, "dispute", { reason: "x" })).status).toBe(404);
    expect((await act(partner, id, "dispute", {})).status).toBe(400);
    const ok = await act(partner, id, "dispute", { reason: "It was a par, I miscounted" });
    expect(ok.status).toBe(200);
    expect(ok.json.verificationStatus).toBe("disputed");
    expect(ok.json.counted).toBe(false);
    expect((await act(partner, id, "confirm")).status).toBe(409);
    expect((await act(creator, id, "dispute", { reason: "again" })).status).toBe(409);
  });

  test("a disputed record holds its hole: the golfer cannot record it again", async () => {
    const res = await golfer.client.post("/api/birdies", {
      challengeId: c.id,
      holeNumber: 7,
      score: 3,
      date: yesterday(),
      verifiedBy: typed,
    });
    expect(res.status).toBe(409);
  });

  test("restore: the creator only; back to the status before the dispute", async () => {
    expect((await act(partner, id, "restore")).status).toBe(403);
    expect((await act(golfer, id, "restore")).status).toBe(403);
    const ok = await act(creator, id, "restore");
    expect(ok.status).toBe(200);
    expect(ok.json.verificationStatus).toBe("confirmed");
    expect(ok.json.counted).toBe(true);
    expect((await act(creator, id, "restore")).status).toBe(409);
  });

  test("void: the creator only, with a reason; a chat line records it", async () => {
    expect((await act(partner, id, "void", { reason: "x" })).status).toBe(403);
    expect((await act(golfer, id, "void", { reason: "x" })).status).toBe(403);
    expect((await act(outsider, id, "void", { reason: "x" })).status).toBe(404);
    expect((await act(creator, id, "void", {})).status).toBe(400);
    const ok = await act(creator, id, "void", { reason: "Played outside the window" });
    expect(ok.status).toBe(200);
    expect(ok.json.verificationStatus).toBe("voided");
    expect(ok.json.counted).toBe(false);
    expect((await act(creator, id, "void", { reason: "twice" })).status).toBe(409);
    expect((await act(partner, id, "dispute", { reason: "x" })).status).toBe(409);
    const lines = await h.db.select().from(chatMessages).where(eq(chatMessages.challengeId, c.id));
    expect(lines.map((l) => l.message)).toContain(
      "Carla Creator voided Gina Golfer's birdie on hole 7: Played outside the window",
    );
  });

  test("admins may void and restore too, audited", async () => {
    const restored = await act(admin, id, "restore", { reason: "Creator was wrong" });
    expect(restored.status).toBe(200);
    expect(restored.json.verificationStatus).toBe("confirmed");
    const audits = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, "record"), eq(auditLog.targetId, id)));
    expect(audits.map((a) => a.action)).toEqual(["record.restore"]);
    expect(audits[0]?.details).toMatchObject({ from: "voided", to: "confirmed", reason: "Creator was wrong" });
    // An admin is not the partner: confirming and disputing stay the partner's and the creator's.
    expect((await act(admin, id, "dispute", { reason: "x" })).status).toBe(403);
  });

  test("history: who, when, from/to, why, for members and the partner; 404 for others", async () => {
    const res = await golfer.client.get(`/api/birdies/${id}/history`);
    expect(res.status).toBe(200);
    expect(
      res.json.map((e: { from: string | null; to: string; reason: string | null; actor: { displayName: string } }) => [
        e.from,
        e.to,
        e.actor.displayName,
        e.reason,
      ]),
    ).toEqual([
      [null, "pending", "Gina Golfer", null],
      ["pending", "confirmed", "Pete Partner", null],
      ["confirmed", "disputed", "Pete Partner", "It was a par, I miscounted"],
      ["disputed", "confirmed", "Carla Creator", null],
      ["confirmed", "voided", "Carla Creator", "Played outside the window"],
      ["voided", "confirmed", "Ada Admin", "Creator was wrong"],
    ]);
    expect((await outsider.client.get(`/api/birdies/${id}/history`)).status).toBe(404);
    expect(await h.caller(partner.user).verification.history({ id })).toEqual(res.json);
    expect((await golfer.client.get("/api/birdies/999999999/history")).status).toBe(404);
  });

  test("the creator disputes a signed record; restore returns it to signed", async () => {
    const signed = await record(golfer, c.id, 8, 3);
    expect((await act(partner, signed.id, "dispute", { reason: "x" })).status).toBe(403);
    expect((await act(creator, signed.id, "dispute", { reason: "No such partner" })).status).toBe(200);
    expect((await act(creator, signed.id, "confirm")).status).toBe(403);
    const back = await act(creator, signed.id, "restore");
    expect(back.json.verificationStatus).toBe("signed");
  });

  test("a partner outside the challenge may confirm and read the history, nothing more", async () => {
    const r = await record(golfer, c.id, 9, 3, { partnerUserId: outsider.user.id });
    expect((await outsider.client.get(`/api/birdies/${r.id}/history`)).status).toBe(200);
    expect((await act(outsider, r.id, "void", { reason: "x" })).status).toBe(403);
    expect((await act(outsider, r.id, "confirm")).status).toBe(200);
    expect((await outsider.client.get(`/api/challenges/${c.id}/leaderboard`)).status).toBe(404);
  });

  test("a missing record is a 404", async () => {
    expect((await act(partner, 999999999, "confirm")).status).toBe(404);
  });
});

describe("counting with requireConfirmation off", () => {
  let c: { id: number };
  beforeAll(async () => {
    c = await newChallenge();
  });

  test("signed and pending count; disputed and voided do not; the next best record of the hole counts", async () => {
    const before = await globalPoints();
    const signed = await record(golfer, c.id, 1, 3);
    const pending = await record(golfer, c.id, 2, 3, { partnerUserId: partner.user.id });
    expect(await boardPoints(c.id)).toEqual({ points: 2, holes: 2 });
    expect(await globalPoints()).toBe(before + 2);

    expect((await act(partner, pending.id, "dispute", { reason: "Not so" })).status).toBe(200);
    expect(await boardPoints(c.id)).toEqual({ points: 1, holes: 1 });
    expect(await globalPoints()).toBe(before + 1);
    expect((await act(creator, signed.id, "void", { reason: "No" })).status).toBe(200);
    expect(await boardPoints(c.id)).toEqual({ points: 0, holes: 0 });
    expect(await globalPoints()).toBe(before);
    expect((await act(creator, pending.id, "restore")).status).toBe(200);
    expect((await act(creator, signed.id, "restore")).status).toBe(200);
    expect(await boardPoints(c.id)).toEqual({ points: 2, holes: 2 });
    expect(await globalPoints()).toBe(before + 2);

    // Hole 3: a birdie, then an eagle on top; voiding the eagle lets the birdie count again.
    const birdie = await record(golfer, c.id, 3, 3);
    const eagle = await record(golfer, c.id, 3, 2, { partnerUserId: partner.user.id });
    expect((await statusOf(birdie.id))?.c).toBe(false);
    expect(await boardPoints(c.id)).toEqual({ points: 5, holes: 3 });
    expect((await act(creator, eagle.id, "void", { reason: "An eagle? No." })).status).toBe(200);
    expect((await statusOf(birdie.id))?.c).toBe(true);
    expect(await boardPoints(c.id)).toEqual({ points: 3, holes: 3 });
    expect(await globalPoints()).toBe(before + 3);
    await standingsAgree(c.id);
  });

  test("a voided record frees its hole for a new record", async () => {
    const first = await record(golfer, c.id, 4, 3);
    await act(creator, first.id, "void", { reason: "Wrong course" });
    const again = await record(golfer, c.id, 4, 3);
    expect(again.counted).toBe(true);
    // Restoring the voided one leaves one counting record on the hole.
    await act(creator, first.id, "restore");
    expect((await statusOf(first.id))?.c).not.toBe((await statusOf(again.id))?.c);
    expect((await boardPoints(c.id)).holes).toBe(4);
    await standingsAgree(c.id);
  });
});

describe("counting with requireConfirmation on", () => {
  let c: { id: number };
  let fresh: Golfer;
  beforeAll(async () => {
    fresh = await signUp(h, { displayName: "Fay Fresh" });
    c = await newChallenge({ requireConfirmation: true }, [fresh, partner]);
  });

  test("the option is stored and shown", async () => {
    const res = await fresh.client.get(`/api/challenges/${c.id}`);
    expect(res.json.requireConfirmation).toBe(true);
  });

  test("only confirmed records count; achievements wait for the confirmation", async () => {
    const signed = await record(fresh, c.id, 1, 3);
    const pending = await record(fresh, c.id, 2, 3, { partnerUserId: partner.user.id });
    expect(signed.counted).toBe(false);
    expect(pending.counted).toBe(false);
    expect(await boardPoints(c.id, fresh.user.id)).toEqual({ points: 0, holes: 0 });
    expect(await globalPoints(fresh)).toBe(0);
    expect((await h.caller(fresh.user).achievements.mine()).length).toBe(0);

    expect((await act(partner, pending.id, "confirm")).status).toBe(200);
    expect(await boardPoints(c.id, fresh.user.id)).toEqual({ points: 1, holes: 1 });
    expect(await globalPoints(fresh)).toBe(1);
    const earned = (await h.caller(fresh.user).achievements.mine()).map((a) => a.achievement.achievementType);
    expect(earned).toContain("first_birdie");
    await standingsAgree(c.id);
  });

  test("a pending eagle leaves the confirmed birdie counting until it is confirmed", async () => {
    const birdie = await record(fresh, c.id, 5, 3, { partnerUserId: partner.user.id });
    await act(partner, birdie.id, "confirm");
    expect(await boardPoints(c.id, fresh.user.id)).toEqual({ points: 2, holes: 2 });
    const eagle = await record(fresh, c.id, 5, 2, { partnerUserId: partner.user.id });
    expect(eagle.counted).toBe(false);
    const board = await creator.client.get(`/api/challenges/${c.id}/leaderboard`);
    const row = (board.json as { user: { id: number }; pendingRecords?: number }[]).find(
      (e) => e.user.id === fresh.user.id,
    );
    expect(row?.pendingRecords).toBe(1);
    expect(await boardPoints(c.id, fresh.user.id)).toEqual({ points: 2, holes: 2 });
    await act(partner, eagle.id, "confirm");
    expect(await boardPoints(c.id, fresh.user.id)).toEqual({ points: 4, holes: 2 });
    expect((await statusOf(birdie.id))?.c).toBe(false);
    expect(await globalPoints(fresh)).toBe(4);
    await standingsAgree(c.id);
  });

  test("a pending record holds its hole", async () => {
    const res = await fresh.client.post("/api/birdies", {
      challengeId: c.id,
      holeNumber: 2,
      score: 3,
      date: today(),
      verifiedBy: typed,
    });
    expect(res.status).toBe(409);
  });

  test("toggling the option re-decides what counts: boards, global board and standings follow", async () => {
    // Counting now: hole 2 (confirmed birdie, 1) and hole 5 (confirmed eagle, 3); hole 1 is signed.
    const off = await creator.client.patch(`/api/challenges/${c.id}`, { requireConfirmation: false });
    expect(off.status).toBe(200);
    expect(off.json.requireConfirmation).toBe(false);
    expect(await boardPoints(c.id, fresh.user.id)).toEqual({ points: 5, holes: 3 });
    expect(await globalPoints(fresh)).toBe(5);
    await standingsAgree(c.id);
    const on = await creator.client.patch(`/api/challenges/${c.id}`, { requireConfirmation: true });
    expect(on.status).toBe(200);
    expect(await boardPoints(c.id, fresh.user.id)).toEqual({ points: 4, holes: 2 });
    expect(await globalPoints(fresh)).toBe(4);
    await standingsAgree(c.id);
  });

  test("only the creator changes the option", async () => {
    const res = await fresh.client.patch(`/api/challenges/${c.id}`, { requireConfirmation: false });
    expect(res.status).toBe(403);
  });

  test("deleting the counting eagle lets the confirmed birdie count again", async () => {
    const mine = await fresh.client.get(`/api/birdies?challengeId=${c.id}`);
    const eagle = (mine.json as { id: number; holeNumber: number; score: number }[]).find(
      (r) => r.holeNumber === 5 && r.score === 2,
    );
    expect((await fresh.client.delete(`/api/birdies/${eagle?.id}`)).status).toBe(200);
    expect(await boardPoints(c.id, fresh.user.id)).toEqual({ points: 2, holes: 2 });
    expect(await globalPoints(fresh)).toBe(2);
    await standingsAgree(c.id);
  });
});

describe("notifications", () => {
  test("the partner is asked with a link to confirm; the golfer is told of a void with the reason", async () => {
    const runner = new JobRunner(h.deps, notificationJobs);
    await runner.runDue();
    const c = await newChallenge({ name: "Notice Cup" });
    const round = await h.caller(golfer.user).birdies.recordRound({
      challengeId: c.id,
      date: yesterday(),
      holes: [
        { holeNumber: 3, score: 3 },
        { holeNumber: 4, score: 2 },
      ],
      partnerUserId: partner.user.id,
    });
    await runner.runDue();
    const [asked] = await h.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, partner.user.id), eq(notifications.type, "verification_request")))
      .orderBy(sql`${notifications.id} desc`)
      .limit(1);
    const ids = round.records.map((r) => r.id);
    expect(asked?.text).toBe(
      "Gina Golfer named you as partner for a birdie and an eagle on holes 3, 4 in Notice Cup. Confirm or dispute them.",
    );
    expect(asked?.url).toBe(`/verifications?records=${ids.join(",")}`);

    await act(partner, ids[0] ?? 0, "confirm");
    await act(creator, ids[1] ?? 0, "void", { reason: "Not on this course" });
    await runner.runDue();
    const told = await h.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, golfer.user.id), eq(notifications.type, "record_status")))
      .orderBy(notifications.id);
    // The two jobs may run in either order.
    expect(told.map((n) => [n.text, n.url])).toEqual(
      expect.arrayContaining([
        ["Pete Partner confirmed your birdie on hole 3 in Notice Cup.", `/challenges/${c.id}`],
        ["Carla Creator voided your eagle on hole 4 in Notice Cup: Not on this course", `/challenges/${c.id}`],
      ]),
    );
  });
});

describe("records.csv", () => {
  test("the verification status column is the record's real status", async () => {
    const c = await newChallenge();
    const signed = await record(golfer, c.id, 1, 3);
    const pending = await record(golfer, c.id, 2, 3, { partnerUserId: partner.user.id });
    const confirmed = await record(golfer, c.id, 3, 3, { partnerUserId: partner.user.id });
    await act(partner, confirmed.id, "confirm");
    await act(creator, signed.id, "void", { reason: "No" });
    const res = await creator.client.get(`/api/challenges/${c.id}/records.csv`);
    const rowsOut = parseCsv(res.text, { columns: true }) as Record<string, string>[];
    expect(rowsOut.map((r) => [r.Hole, r["Verification status"], r.Counted])).toEqual([
      ["1", "voided", "no"],
      ["2", "pending", "yes"],
      ["3", "confirmed", "yes"],
    ]);
    expect(pending.verificationStatus).toBe("pending");
  });
});

describe("hole legends", () => {
  test("a voided record is nobody's legend; a disputed one neither, until restored", async () => {
    const c = await newChallenge();
    const first = await record(golfer, c.id, 6, 3);
    await record(partner, c.id, 6, 3);
    const legend = async () =>
      ((await golfer.client.get(`/api/challenges/${c.id}/holes`)).json as { firstBy: { userId: number } | null }[])[5]
        ?.firstBy?.userId;
    expect(await legend()).toBe(golfer.user.id);
    await act(creator, first.id, "void", { reason: "No" });
    expect(await legend()).toBe(partner.user.id);
    await act(creator, first.id, "restore");
    expect(await legend()).toBe(golfer.user.id);
  });
});

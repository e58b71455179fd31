import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq, sql } from "drizzle-orm";
import { FLAG_RULES, type FlagRule, normaliseName } from "../../../shared/domain/fairplay";
import { ADMINS_ONLY } from "../../../shared/schemas/admin";
import { rows } from "../../db/raw";
import { auditLog } from "../../db/schema/admin";
import { birdieRecords, recordStatusEvents } from "../../db/schema/birdies";
import { courses } from "../../db/schema/challenges";
import { fairplayFlags } from "../../db/schema/fairplay";
import { jobs } from "../../db/schema/jobs";
import { users, type UserRow } from "../../db/schema/users";
import { JobRunner } from "../../jobs/runner";
import { createChallenge, createCourse, join } from "../../test/harness/challenge-fixtures";
import { createTestHarness, RestClient, signUp, type TestHarness } from "../../test/harness/harness";
import { type DirectRecord, firstCourseId, dayFromToday, recordRow } from "../../test/harness/record-fixtures";
import { fairplayJobs } from "./jobs";
import { refreshFlags } from "./refresh";
import { NORMALISED } from "./rules";

// Anti-cheat flags (ADR 0041): each rule with one case that flags and one that must not, the
// trigger -> job -> flag path, the admin review queue over REST and tRPC (dismiss, void through
// the verification status change, disable; all audited) and the creator-only view. Both databases.

let h: TestHarness;
type Golfer = Awaited<ReturnType<typeof signUp>>;
let admin: UserRow;
let adminClient: RestClient;

beforeAll(async () => {
  h = await createTestHarness();
  const a = await signUp(h, { displayName: "Fair Admin" });
  [admin] = await h.db.update(users).set({ isAdmin: true }).where(eq(users.id, a.user.id)).returning();
  adminClient = a.client;
}, 120_000);
afterAll(() => h.close());

/** A challenge by a fresh creator with `n` more members, and its course. */
async function setUp(n = 1, names: Partial<{ displayName: string; username: string }>[] = []) {
  const creator = await signUp(h);
  const challenge = await createChallenge(creator.client, { allowMultipleBirdies: true });
  const members: Golfer[] = [];
  for (let i = 0; i < n; i++) {
    const m = await signUp(h, names[i] ?? {});
    await join(m.client, challenge.inviteCode);
    members.push(m);
  }
  return { creator, challenge, members, courseId: await firstCourseId(h.db, challenge.id) };
}

/** Records written directly (nothing sets pending/confirmed before two-key verification lands). */
async function insert(list: DirectRecord[]): Promise<number[]> {
  const ids = await h.db.insert(birdieRecords).values(list.map(recordRow)).returning({ id: birdieRecords.id });
  return ids.map((r) => r.id);
}

const holes = (n: number, from = 1) => Array.from({ length: n }, (_, i) => from + i);

async function flagsOf(userId: number, rule: FlagRule) {
  return h.db
    .select()
    .from(fairplayFlags)
    .where(and(eq(fairplayFlags.userId, userId), eq(fairplayFlags.rule, rule)));
}

describe("the rules (one case that flags, one that does not)", () => {
  test("more than 5 birdies in one round: 6 on one course and day flag; 5, or 6 over two days, do not", async () => {
    const { challenge, members, courseId } = await setUp(2);
    const [six, five] = members as [Golfer, Golfer];
    const base = { challengeId: challenge.id, courseId };
    const ids = await insert(holes(6).map((hole) => ({ ...base, userId: six.user.id, hole })));
    await insert(holes(5).map((hole) => ({ ...base, userId: five.user.id, hole })));
    await insert(holes(3).map((hole) => ({ ...base, userId: five.user.id, hole: hole + 10, date: dayFromToday(-2) })));
    await refreshFlags(h.db, six.user.id);
    await refreshFlags(h.db, five.user.id);
    const [flag] = await flagsOf(six.user.id, "round_birdies");
    expect(flag?.recordIds).toEqual(ids);
    expect(flag?.explanation).toContain(`${six.user.displayName} recorded 6 birdies or better in one round`);
    expect(flag?.explanation).toContain(dayFromToday(-1));
    // Named after grouping (session 17): the round's own course and challenge.
    const [course] = await h.db.select({ name: courses.name }).from(courses).where(eq(courses.id, courseId));
    expect(flag?.explanation).toContain(` at ${course?.name} on `);
    expect(flag?.explanation).toContain(` in ${challenge.name}.`);
    expect(await flagsOf(five.user.id, "round_birdies")).toEqual([]);
  });

  test("own name as partner: display name or username, any case or spacing, flags; another name does not", async () => {
    const { challenge, members, courseId } = await setUp(2, [
      { displayName: "Sam Self" },
      { displayName: "Nora Honest" },
    ]);
    const [self, honest] = members as [Golfer, Golfer];
    const base = { challengeId: challenge.id, courseId };
    const ids = await insert([
      { ...base, userId: self.user.id, hole: 1, verifier: "  sam   SELF " },
      { ...base, userId: self.user.id, hole: 2, verifier: self.user.username.toUpperCase() },
      { ...base, userId: self.user.id, hole: 3, verifier: "Someone Else" },
    ]);
    await insert([{ ...base, userId: honest.user.id, hole: 1, verifier: "Nora Partner" }]);
    await refreshFlags(h.db, self.user.id);
    await refreshFlags(h.db, honest.user.id);
    const [flag] = await flagsOf(self.user.id, "self_partner");
    expect(flag?.recordIds).toEqual(ids.slice(0, 2));
    expect(flag?.explanation).toContain("is Sam Self's own name or username, on 2 records in");
    expect(flag?.explanation).toContain(` in ${challenge.name}.`);
    expect(await flagsOf(honest.user.id, "self_partner")).toEqual([]);
  });

  test("one typed partner on more than 80% of 10+ records flags; 8 of 10, or 9 of 9, do not", async () => {
    const { challenge, members, courseId } = await setUp(3);
    const [always, mostly, few] = members as [Golfer, Golfer, Golfer];
    const base = { challengeId: challenge.id, courseId };
    const at = (i: number) => ({ hole: (i % 18) + 1, date: dayFromToday(-1 - Math.floor(i / 3)) });
    const ids = await insert(
      holes(11, 0).map((i) => ({
        ...base,
        ...at(i),
        userId: always.user.id,
        verifier: i % 2 ? "Pal Pete" : "pal pete",
      })),
    );
    await insert([{ ...base, ...at(11), userId: always.user.id, verifier: "Other One" }]);
    await insert(
      holes(10, 0).map((i) => ({ ...base, ...at(i), userId: mostly.user.id, verifier: i < 8 ? "Pal Pete" : "Ann" })),
    );
    await insert(holes(9, 0).map((i) => ({ ...base, ...at(i), userId: few.user.id, verifier: "Pal Pete" })));
    for (const g of [always, mostly, few]) await refreshFlags(h.db, g.user.id);
    const [flag] = await flagsOf(always.user.id, "one_partner");
    expect(flag?.recordIds).toEqual(ids);
    expect(flag?.explanation).toContain(`verified 11 of ${always.user.displayName}'s 12 records (92%)`);
    expect(await flagsOf(mostly.user.id, "one_partner")).toEqual([]);
    expect(await flagsOf(few.user.id, "one_partner")).toEqual([]);
  });

  test("two different courses on one day flag; the same course twice, or two courses on two days, do not", async () => {
    const { creator, challenge, members, courseId } = await setUp(2);
    const other = await createCourse(creator.client);
    const [twice, apart] = members as [Golfer, Golfer];
    const base = { challengeId: challenge.id };
    const ids = await insert([
      { ...base, courseId, userId: twice.user.id, hole: 1 },
      { ...base, courseId: other.id, userId: twice.user.id, hole: 2 },
      { ...base, courseId, userId: twice.user.id, hole: 3 },
    ]);
    await insert([
      { ...base, courseId, userId: apart.user.id, hole: 1 },
      { ...base, courseId, userId: apart.user.id, hole: 2 },
      { ...base, courseId: other.id, userId: apart.user.id, hole: 3, date: dayFromToday(-2) },
    ]);
    await refreshFlags(h.db, twice.user.id);
    await refreshFlags(h.db, apart.user.id);
    const [flag] = await flagsOf(twice.user.id, "two_courses");
    expect(flag?.recordIds).toEqual(ids);
    expect(flag?.explanation).toContain(`has records on 2 different courses on ${dayFromToday(-1)}`);
    expect(flag?.explanation).toContain(other.name);
    expect(await flagsOf(apart.user.id, "two_courses")).toEqual([]);
  });

  test("a confirmation ring (only each other, 10+ times) flags; a third confirmer, or 9 times, does not", async () => {
    const { challenge, members, courseId } = await setUp(6);
    const [a, b, c, d, e, f] = members as Golfer[] as [Golfer, Golfer, Golfer, Golfer, Golfer, Golfer];
    const base = { challengeId: challenge.id, courseId, status: "confirmed" as const };
    const confirmed = (golfer: Golfer, by: Golfer, n: number, from: number) =>
      holes(n, from).map((hole) => ({
        ...base,
        userId: golfer.user.id,
        partnerUserId: by.user.id,
        hole,
        date: dayFromToday(-hole),
      }));
    // a and b: 6 + 5 confirmations, only of each other.
    const ring = await insert([...confirmed(a, b, 6, 1), ...confirmed(b, a, 5, 1)]);
    // c and d: 12 between them, but c also confirmed e once.
    await insert([...confirmed(c, d, 6, 1), ...confirmed(d, c, 6, 1), ...confirmed(e, c, 1, 1)]);
    // e and f: only each other, 9 times.
    await insert([...confirmed(e, f, 5, 2), ...confirmed(f, e, 4, 1)]);
    // A record a confirmed is pending, not confirmed: it does not count as a confirmation.
    await insert([{ ...base, status: "pending", userId: c.user.id, partnerUserId: a.user.id, hole: 18 }]);
    for (const g of [a, b, c, d, e, f]) await refreshFlags(h.db, g.user.id);
    const low = Math.min(a.user.id, b.user.id);
    const [flag] = await flagsOf(low, "confirmation_ring");
    expect(flag?.otherUserId).toBe(Math.max(a.user.id, b.user.id));
    expect(flag?.recordIds).toEqual(ring);
    expect(flag?.explanation).toContain("confirm only each other's records: 11 confirmations");
    const rings = await rows<{ n: number }>(
      h.db,
      sql`select count(*)::int as n from fairplay_flags where rule = 'confirmation_ring'
            and (user_id in (${c.user.id}, ${d.user.id}, ${e.user.id}, ${f.user.id})
                 or other_user_id in (${c.user.id}, ${d.user.id}, ${e.user.id}, ${f.user.id}))`,
    );
    expect(rings[0]?.n).toBe(0);
  });

  test("every rule has its two cases above", () => {
    expect(FLAG_RULES).toEqual(["round_birdies", "self_partner", "one_partner", "two_courses", "confirmation_ring"]);
  });

  test("the SQL and TypeScript name comparisons agree", async () => {
    for (const name of ["Jo Smith", "  jo\tSMITH ", "Ääkkönen Ölf", "a  b  c"]) {
      const [r] = await rows<{ n: string }>(h.db, sql`select ${NORMALISED(sql`${name}::text`)} as n`);
      expect(r?.n).toBe(normaliseName(name));
    }
  });
});

/** A golfer with six birdies in one round, refreshed: one open round_birdies flag. */
async function flagged() {
  const s = await setUp(1);
  const [g] = s.members as [Golfer];
  const ids = await insert(
    holes(6).map((hole) => ({ challengeId: s.challenge.id, courseId: s.courseId, userId: g.user.id, hole })),
  );
  await refreshFlags(h.db, g.user.id);
  const [flag] = await flagsOf(g.user.id, "round_birdies");
  return { ...s, golfer: g, ids, flag: flag! };
}

describe("refreshing", () => {
  test("a change to records enqueues a refresh job (trigger) and its run flags; recording is never blocked", async () => {
    const { challenge, members, courseId } = await setUp(1);
    const [g] = members as [Golfer];
    const before = await h.db.$count(jobs, sql`${jobs.kind} = 'fairplay.refresh' and ${jobs.status} = 'pending'`);
    // Six birdies in one round through the real recording route: all six are recorded.
    const res = await g.client.post("/trpc/birdies.recordRound", {
      challengeId: challenge.id,
      courseId,
      date: dayFromToday(0),
      holes: holes(6).map((holeNumber) => ({ holeNumber, score: 3 })),
      verifiedBy: { name: "Pat Partner", signature: "P." },
    });
    expect(res.status).toBe(200);
    const after = await h.db.$count(jobs, sql`${jobs.kind} = 'fairplay.refresh' and ${jobs.status} = 'pending'`);
    expect(after).toBe(before + 1);
    expect(await flagsOf(g.user.id, "round_birdies")).toEqual([]);
    await new JobRunner(h.deps, fairplayJobs).runDue();
    expect(await flagsOf(g.user.id, "round_birdies")).toHaveLength(1);
    // Deleting one record (now 5 in the round) enqueues again, and the open flag goes.
    const [first] = await h.db.select().from(birdieRecords).where(eq(birdieRecords.userId, g.user.id)).limit(1);
    expect((await g.client.delete(`/api/birdies/${first!.id}`)).status).toBe(200);
    await new JobRunner(h.deps, fairplayJobs).runDue();
    expect(await flagsOf(g.user.id, "round_birdies")).toEqual([]);
  });

  test("many changes while a golfer's refresh waits add no second one; one run sees them all", async () => {
    const { challenge, members, courseId } = await setUp(1);
    const [g] = members as [Golfer];
    const pendingOf = (userId: number) =>
      h.db.$count(
        jobs,
        sql`${jobs.kind} = 'fairplay.refresh' and ${jobs.status} = 'pending' and ${jobs.payload}->>'userId' = ${String(userId)}`,
      );
    for (const hole of holes(6)) {
      const res = await g.client.post("/trpc/birdies.recordRound", {
        challengeId: challenge.id,
        courseId,
        date: dayFromToday(0),
        holes: [{ holeNumber: hole, score: 3 }],
        verifiedBy: { name: "Pat Partner", signature: "P." },
      });
      expect(res.status).toBe(200);
    }
    expect(await pendingOf(g.user.id)).toBe(1);
    await new JobRunner(h.deps, fairplayJobs).runDue();
    expect(await pendingOf(g.user.id)).toBe(0);
    expect((await flagsOf(g.user.id, "round_birdies")).map((f) => f.recordIds.length)).toEqual([6]);
  });

  test("a dismissed flag stays dismissed on the same records and opens again when new ones join it", async () => {
    const { challenge, courseId, golfer: g, flag } = await flagged();
    const base = { challengeId: challenge.id, courseId, userId: g.user.id };
    expect((await adminClient.post(`/api/admin/flags/${flag.id}/dismiss`)).status).toBe(200);
    await refreshFlags(h.db, g.user.id);
    expect((await flagsOf(g.user.id, "round_birdies"))[0]?.status).toBe("dismissed");
    await insert([{ ...base, hole: 7 }]);
    await refreshFlags(h.db, g.user.id);
    const [again] = await flagsOf(g.user.id, "round_birdies");
    expect(again?.status).toBe("open");
    expect(again?.recordIds).toHaveLength(7);
  });

  test("a refresh that finds a flag as stored does not rewrite it; new records update it", async () => {
    const { challenge, courseId, golfer: g } = await flagged();
    const base = { challengeId: challenge.id, courseId, userId: g.user.id };
    // xmin names the transaction that last wrote the row: unchanged means not written again.
    const versionOf = async () =>
      (
        await rows<{ xmin: string; updated_at: string; n: number }>(
          h.db,
          sql`select xmin::text, updated_at::text, cardinality(record_ids) as n from fairplay_flags
               where user_id = ${g.user.id} and rule = 'round_birdies'`,
        )
      )[0];
    const first = await versionOf();
    await refreshFlags(h.db, g.user.id);
    expect(await versionOf()).toEqual(first);
    await insert([{ ...base, hole: 7 }]);
    await refreshFlags(h.db, g.user.id);
    const changed = await versionOf();
    expect(changed?.n).toBe(7);
    expect(changed?.xmin).not.toBe(first?.xmin);
  });
});

describe("the admin review queue", () => {
  const auditFor = (flagId: number) =>
    h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, "fairplay_flag"), eq(auditLog.targetId, flagId)));

  test("lists open flags with explanation, golfer and records (REST and tRPC agree)", async () => {
    const { flag, golfer, ids, challenge } = await flagged();
    const res = await adminClient.get("/api/admin/flags?status=open");
    expect(res.status).toBe(200);
    const item = res.json.items.find((f: { id: number }) => f.id === flag.id);
    expect(item).toMatchObject({
      rule: "round_birdies",
      title: "Many birdies in one round",
      status: "open",
      user: { id: golfer.user.id, username: golfer.user.username, disabled: false },
      otherUser: null,
    });
    expect(item.explanation).toBe(flag.explanation);
    expect(item.records.map((r: { id: number }) => r.id)).toEqual(ids);
    expect(item.records[0]).toMatchObject({ challengeId: challenge.id, challengeName: challenge.name, holeNumber: 1 });
    const viaTrpc = await h.caller(admin).admin.flags.list({ status: "open" });
    expect(viaTrpc).toEqual(res.json);
  });

  test("non-admins get 403 before any input is read; signed out 401; a bad id 400; a missing one 404", async () => {
    const { flag, creator } = await flagged();
    for (const [method, path] of [
      ["get", "/api/admin/flags"],
      ["post", `/api/admin/flags/${flag.id}/dismiss`],
      ["post", `/api/admin/flags/${flag.id}/void`],
      ["post", `/api/admin/flags/${flag.id}/disable-user`],
    ] as const) {
      expect(await creator.client[method](path)).toMatchObject({ status: 403, json: { message: ADMINS_ONLY } });
      expect((await new RestClient(h.app)[method](path)).status).toBe(401);
    }
    expect((await adminClient.post("/api/admin/flags/abc/dismiss")).status).toBe(400);
    expect((await adminClient.post("/api/admin/flags/99999999/dismiss")).status).toBe(404);
    expect((await flagsOf(flag.userId, "round_birdies"))[0]?.status).toBe("open");
  });

  test("dismiss: the flag leaves the open queue, audited; dismissing again is 409", async () => {
    const { flag } = await flagged();
    const res = await adminClient.post(`/api/admin/flags/${flag.id}/dismiss`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ changed: true, item: { id: flag.id, status: "dismissed" } });
    expect((await adminClient.post(`/api/admin/flags/${flag.id}/dismiss`)).status).toBe(409);
    const audit = await auditFor(flag.id);
    expect(audit.map((a) => [a.action, a.actorId])).toEqual([["flag.dismiss", admin.id]]);
  });

  test("void: every record voided through the status change (history with the reason), audited", async () => {
    const { flag, ids, golfer } = await flagged();
    expect((await adminClient.post(`/api/admin/flags/${flag.id}/void`, { reason: " " })).status).toBe(400);
    const res = await adminClient.post(`/api/admin/flags/${flag.id}/void`, { reason: "Six in a round, no partner" });
    expect(res.status).toBe(200);
    expect(res.json.item.status).toBe("actioned");
    expect(res.json.item.resolution).toBe("Voided 6 records: Six in a round, no partner");
    const recs = await h.db.select().from(birdieRecords).where(eq(birdieRecords.userId, golfer.user.id));
    expect(recs.map((r) => r.verificationStatus)).toEqual(Array(6).fill("voided"));
    const history = await h.db.select().from(recordStatusEvents).where(eq(recordStatusEvents.recordId, ids[0]!));
    expect(history).toMatchObject([
      { actorUserId: admin.id, fromStatus: "signed", toStatus: "voided", reason: "Six in a round, no partner" },
    ]);
    const [audit] = await auditFor(flag.id);
    expect(audit).toMatchObject({ action: "flag.void_records", actorId: admin.id });
    expect(audit?.details).toMatchObject({ recordIds: ids, reason: "Six in a round, no partner" });
    // Whether voided records count is record_counts()'s rule (two-key verification's migration).
  });

  test("void with a reason holding a lone surrogate: voided and audited (jsonb refused the raw text with a 500)", async () => {
    const { flag } = await flagged();
    const res = await adminClient.post(`/api/admin/flags/${flag.id}/void`, { reason: "\udfff\ud800" });
    expect(res.status).toBe(200);
    const [audit] = await auditFor(flag.id);
    expect(audit?.details).toMatchObject({ reason: "\uFFFD\uFFFD" });
  });

  test("disable user: the admin disable (sessions revoked, user.disable audited), then the flag is actioned", async () => {
    const { flag, golfer } = await flagged();
    const res = await adminClient.post(`/api/admin/flags/${flag.id}/disable-user`, {});
    expect(res.status).toBe(200);
    expect(res.json.item).toMatchObject({ status: "actioned", user: { id: golfer.user.id, disabled: true } });
    expect((await golfer.client.get("/api/user")).status).toBe(401);
    const userAudit = await h.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, "user"), eq(auditLog.targetId, golfer.user.id)));
    expect(userAudit.map((a) => a.action)).toEqual(["user.disable"]);
    expect((await auditFor(flag.id)).map((a) => a.action)).toEqual(["flag.disable_user"]);
  });

  test("disable user names only a golfer of the flag (400 otherwise)", async () => {
    const { flag, creator } = await flagged();
    const res = await adminClient.post(`/api/admin/flags/${flag.id}/disable-user`, { userId: creator.user.id });
    expect(res).toMatchObject({ status: 400, json: { message: "That golfer is not named in this flag" } });
    const [row] = await h.db.select().from(users).where(eq(users.id, creator.user.id));
    expect(row?.disabled).toBe(false);
  });
});

describe("the creator's view", () => {
  test("the creator sees open flags on their challenge's records; members 403; non-members 404", async () => {
    const { creator, challenge, members, courseId } = await setUp(2);
    const [g, other] = members as [Golfer, Golfer];
    const ids = await insert(
      holes(6).map((hole) => ({ challengeId: challenge.id, courseId, userId: g.user.id, hole })),
    );
    await refreshFlags(h.db, g.user.id);
    const res = await creator.client.get(`/api/challenges/${challenge.id}/flags`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      expect.objectContaining({
        rule: "round_birdies",
        userId: g.user.id,
        recordIds: ids,
        title: "Many birdies in one round",
      }),
    ]);
    expect(await h.caller(creator.user).fairplay.challengeFlags({ id: challenge.id })).toEqual(res.json);
    expect((await other.client.get(`/api/challenges/${challenge.id}/flags`)).status).toBe(403);
    expect((await g.client.get(`/api/challenges/${challenge.id}/flags`)).status).toBe(403);
    const outsider = await signUp(h);
    expect((await outsider.client.get(`/api/challenges/${challenge.id}/flags`)).status).toBe(404);
  });

  test("a flag about records in another challenge does not show on this one", async () => {
    const first = await setUp(1);
    const [g] = first.members as [Golfer];
    const second = await createChallenge(first.creator.client, {});
    await join(g.client, second.inviteCode);
    await insert(
      holes(6).map((hole) => ({ challengeId: first.challenge.id, courseId: first.courseId, userId: g.user.id, hole })),
    );
    await refreshFlags(h.db, g.user.id);
    expect((await first.creator.client.get(`/api/challenges/${first.challenge.id}/flags`)).json).toHaveLength(1);
    expect((await first.creator.client.get(`/api/challenges/${second.id}/flags`)).json).toEqual([]);
  });
});

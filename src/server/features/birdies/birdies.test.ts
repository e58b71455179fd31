import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { birdieRecords } from "../../db/schema/birdies";
import { createTestHarness, RestClient, signUp, type TestHarness } from "../../test/harness/harness";
import { recordBirdieSchema } from "../../../shared/schemas/birdies";
import { createChallengeSchema } from "../../../shared/schemas/challenges";
import { addPlayer } from "../challenges/access";
import { createChallenge } from "../challenges/commands";
import { recordBirdie } from "./recording";

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness();
}, 120_000);
afterAll(() => h.close());

const DAY = 86400_000;
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);
const partner = { name: "Pat Partner", signature: "P. Partner" };

async function setup(
  opts: {
    allowMultipleBirdies?: boolean;
    eagleBonus?: boolean;
    courseMode?: "single" | "hybrid";
    start?: number;
    end?: number;
  } = {},
) {
  const owner = await signUp(h);
  const challenge = await createChallenge(
    h.as(owner.user),
    createChallengeSchema.parse({
      name: `Birdie Hunt ${Math.random().toString(36).slice(2, 6)}`,
      startDate: new Date(Date.now() + (opts.start ?? -10) * DAY).toISOString(),
      endDate: new Date(Date.now() + (opts.end ?? 20) * DAY).toISOString(),
      courseMode: opts.courseMode ?? "single",
      courseName: opts.courseMode === "hybrid" ? undefined : `Augusta ${Math.random().toString(36).slice(2, 7)}`,
      allowMultipleBirdies: opts.allowMultipleBirdies ?? false,
      eagleBonus: opts.eagleBonus ?? false,
    }),
  );
  return { owner, challenge };
}

const body = (challengeId: number, patch: Record<string, unknown> = {}) => ({
  challengeId,
  holeNumber: 7,
  score: 3,
  date: day(-1),
  verifiedBy: partner,
  ...patch,
});

describe("POST /api/birdies", () => {
  test("records a verified birdie: 201, signature stored with its prefix, course filled in", async () => {
    const { owner, challenge } = await setup();
    const res = await owner.client.post(
      `/api/birdies?userId=${owner.user.id}`,
      body(challenge.id, { courseId: challenge.courses[0].id }),
    );
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      challengeId: challenge.id,
      userId: owner.user.id,
      courseId: challenge.courses[0].id,
      courseName: challenge.courses[0].name,
      holeNumber: 7,
      score: 3,
      type: "birdie",
      counted: true,
      date: day(-1),
      verifiedBy: { name: "Pat Partner", signature: "signature:P. Partner" },
    });
  });

  test("the relative reading is normalised: -1 birdie (3), -2 eagle (2), -3 ace (1, an eagle)", async () => {
    const { owner, challenge } = await setup({ allowMultipleBirdies: true });
    const scores = [];
    for (const score of [-1, -2, -3])
      scores.push((await owner.client.post("/api/birdies", body(challenge.id, { score }))).json);
    expect(scores.map((s) => [s.score, s.type])).toEqual([
      [3, "birdie"],
      [2, "eagle"],
      [1, "eagle"],
    ]);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ["hole 0", { holeNumber: 0 }, "Hole number must be between 1 and 18"],
    ["hole 19", { holeNumber: 19 }, "Hole number must be between 1 and 18"],
    [
      "score 4 (par)",
      { score: 4 },
      "Score must be a birdie (3 strokes, or -1) or an eagle (2 or 1 strokes, or -2 or -3)",
    ],
    ["score -4", { score: -4 }, "Score must be a birdie (3 strokes, or -1) or an eagle (2 or 1 strokes, or -2 or -3)"],
    ["blank partner", { verifiedBy: { name: "  ", signature: "x" } }, "Partner name is required"],
    ["blank signature", { verifiedBy: { name: "Pat", signature: "" } }, "Signature is required"],
    ["prefix-only signature", { verifiedBy: { name: "Pat", signature: "signature:" } }, "Signature is required"],
    [
      "long partner name",
      { verifiedBy: { name: "x".repeat(101), signature: "x" } },
      "Partner name must be at most 100 characters",
    ],
    ["bad date", { date: "2026-02-30" }, "Date played must be a valid date"],
    ["missing date", { date: "" }, "Date played is required"],
    ["future date", { date: day(3) }, "Date played cannot be in the future"],
    ["date before the challenge", { date: day(-30) }, "Date played must be within the challenge dates"],
  ];
  for (const [name, patch, message] of invalid) {
    test(`400 for ${name}, nothing stored`, async () => {
      const { owner, challenge } = await setup();
      const res = await owner.client.post("/api/birdies", body(challenge.id, patch));
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ message });
      expect(await h.db.select().from(birdieRecords).where(eq(birdieRecords.challengeId, challenge.id))).toHaveLength(
        0,
      );
    });
  }

  test("a challenge that has not started or has ended refuses records", async () => {
    const upcoming = await setup({ start: 2, end: 30 });
    const early = await upcoming.owner.client.post("/api/birdies", body(upcoming.challenge.id, { date: day(0) }));
    expect(early.status).toBe(400);
    expect(early.json.message).toBe("This challenge has not started yet");
    const past = await setup({ start: -30, end: -2 });
    const late = await past.owner.client.post("/api/birdies", body(past.challenge.id, { date: day(-5) }));
    expect(late.status).toBe(400);
    expect(late.json.message).toBe("This challenge has ended");
  });

  test("a non-member gets 404 (nothing leaks); signed out 401; someone else's userId 403", async () => {
    const { challenge, owner } = await setup();
    const stranger = await signUp(h);
    const res = await stranger.client.post("/api/birdies", body(challenge.id));
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ message: "Challenge not found" });
    expect((await new RestClient(h.app).post("/api/birdies", body(challenge.id))).status).toBe(401);
    const spoof = await stranger.client.post(`/api/birdies?userId=${owner.user.id}`, body(challenge.id));
    expect(spoof.status).toBe(403);
  });

  test("single mode: a course outside the challenge is refused", async () => {
    const { owner, challenge } = await setup();
    const other = await setup();
    const res = await owner.client.post(
      "/api/birdies",
      body(challenge.id, { courseId: other.challenge.courses[0].id }),
    );
    expect(res.status).toBe(400);
    expect(res.json.message).toBe("That course is not part of this challenge");
  });

  test("hybrid mode: a typed course name is found or created (case-insensitively)", async () => {
    const { owner, challenge } = await setup({ courseMode: "hybrid" });
    const name = `Links ${Math.random().toString(36).slice(2, 7)}`;
    const first = await owner.client.post(
      "/api/birdies",
      body(challenge.id, { customCourseName: name, holeNumber: 1 }),
    );
    expect(first.status).toBe(201);
    expect(first.json.courseName).toBe(name);
    const second = await owner.client.post(
      "/api/birdies",
      body(challenge.id, { customCourseName: name.toUpperCase(), holeNumber: 2 }),
    );
    expect(second.json.courseId).toBe(first.json.courseId);
    const none = await owner.client.post("/api/birdies", body(challenge.id, { holeNumber: 3 }));
    expect(none.status).toBe(400);
    expect(none.json.message).toBe("Choose a course");
  });
});

describe("one counted record per hole unless multiples are allowed", () => {
  test("a duplicate birdie is 409; an eagle upgrades a birdie; nothing beats an eagle", async () => {
    const { owner, challenge } = await setup();
    expect((await owner.client.post("/api/birdies", body(challenge.id))).status).toBe(201);
    const dup = await owner.client.post("/api/birdies", body(challenge.id));
    expect(dup.status).toBe(409);
    expect(dup.json).toEqual({ message: "Hole 7 is already recorded in this challenge" });
    const eagle = await owner.client.post("/api/birdies", body(challenge.id, { score: 2 }));
    expect(eagle.status).toBe(201);
    expect((await owner.client.post("/api/birdies", body(challenge.id, { score: 1 }))).status).toBe(409);
    const rows = await h.db.select().from(birdieRecords).where(eq(birdieRecords.challengeId, challenge.id));
    expect(rows.map((r) => [r.score, r.counted]).sort()).toEqual([
      [2, true],
      [3, false],
    ]);

    // The challenge view shows the hole as eagled, not also birdied.
    const list = await owner.client.get(`/api/users/${owner.user.id}/challenges`);
    const item = list.json.find((c: { id: number }) => c.id === challenge.id);
    if (item && "eagleHoles" in item && item.eagleHoles.length) {
      expect(item.eagleHoles).toEqual([7]);
      expect(item.birdiedHoles).toEqual([]);
    }
  });

  test("with multiples on, every record counts", async () => {
    const { owner, challenge } = await setup({ allowMultipleBirdies: true });
    for (let i = 0; i < 3; i++) expect((await owner.client.post("/api/birdies", body(challenge.id))).status).toBe(201);
    const rows = await h.db.select().from(birdieRecords).where(eq(birdieRecords.challengeId, challenge.id));
    expect(rows.filter((r) => r.counted)).toHaveLength(3);
  });

  test("concurrent submissions of the same hole: exactly one is stored", async () => {
    const { owner, challenge } = await setup();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => owner.client.post("/api/birdies", body(challenge.id, { holeNumber: 12 }))),
    );
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409]);
  });
});

describe("recordRound (tRPC): all or nothing", () => {
  test("records every marked hole and reports birdies and eagles", async () => {
    const { owner, challenge } = await setup();
    const res = await h.caller(owner.user).birdies.recordRound({
      challengeId: challenge.id,
      date: day(0),
      holes: [
        { holeNumber: 3, score: 3 },
        { holeNumber: 4, score: 2 },
      ],
      verifiedBy: partner,
    });
    expect(res.birdies).toBe(1);
    expect(res.eagles).toBe(1);
    expect(res.records.map((r) => r.holeNumber)).toEqual([3, 4]);
  });

  test("one refused hole rolls back the whole round", async () => {
    const { owner, challenge } = await setup();
    await h
      .caller(owner.user)
      .birdies.record({ challengeId: challenge.id, holeNumber: 9, score: 3, date: day(0), verifiedBy: partner });
    await expect(
      h.caller(owner.user).birdies.recordRound({
        challengeId: challenge.id,
        date: day(0),
        holes: [
          { holeNumber: 1, score: 3 },
          { holeNumber: 9, score: 3 },
        ],
        verifiedBy: partner,
      }),
    ).rejects.toMatchObject({ code: "CONFLICT", message: "Hole 9 is already recorded in this challenge" });
    const rows = await h.db.select().from(birdieRecords).where(eq(birdieRecords.challengeId, challenge.id));
    expect(rows.map((r) => r.holeNumber)).toEqual([9]);
  });

  test("a resent round with the same clientRoundId is recorded once and answers the first result", async () => {
    const { owner, challenge } = await setup({ allowMultipleBirdies: true });
    const round = {
      challengeId: challenge.id,
      date: day(0),
      holes: [{ holeNumber: 6, score: 3 }],
      verifiedBy: partner,
      clientRoundId: "3f0c2a9e-1b7d-4c55-9a51-0d2b8e6f7a10",
    };
    const first = await h.caller(owner.user).birdies.recordRound(round);
    const [again, concurrent] = await Promise.all([
      h.caller(owner.user).birdies.recordRound(round),
      h.caller(owner.user).birdies.recordRound(round),
    ]);
    expect(again.records.map((r) => r.id)).toEqual(first.records.map((r) => r.id));
    expect(concurrent.records.map((r) => r.id)).toEqual(first.records.map((r) => r.id));
    const rows = await h.db.select().from(birdieRecords).where(eq(birdieRecords.challengeId, challenge.id));
    expect(rows).toHaveLength(1);
    // Without an id (or with another one) the same holes are a new round.
    await h.caller(owner.user).birdies.recordRound({ ...round, clientRoundId: "another-round-id-123" });
    expect(await h.db.select().from(birdieRecords).where(eq(birdieRecords.challengeId, challenge.id))).toHaveLength(2);
    await expect(
      h.caller(owner.user).birdies.recordRound({ ...round, clientRoundId: "bad id!" }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: "Invalid round id" });
  });

  test("no holes: 'Please select at least one hole'; a hole twice is refused", async () => {
    const { owner, challenge } = await setup();
    await expect(
      h
        .caller(owner.user)
        .birdies.recordRound({ challengeId: challenge.id, date: day(0), holes: [], verifiedBy: partner }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Please select at least one hole",
    });
    await expect(
      h.caller(owner.user).birdies.recordRound({
        challengeId: challenge.id,
        date: day(0),
        holes: [
          { holeNumber: 2, score: 3 },
          { holeNumber: 2, score: 2 },
        ],
        verifiedBy: partner,
      }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: "Hole 2 is marked twice" });
  });
});

describe("listing and deleting", () => {
  test("GET /api/birdies lists own records newest first, filtered by challenge", async () => {
    const { owner, challenge } = await setup();
    const other = await setup();
    await addPlayer(h.db, other.challenge.id, owner.user.id);
    await owner.client.post("/api/birdies", body(challenge.id, { holeNumber: 1, date: day(-3) }));
    await owner.client.post("/api/birdies", body(challenge.id, { holeNumber: 2, date: day(-1) }));
    await owner.client.post("/api/birdies", body(other.challenge.id, { holeNumber: 3 }));
    const mine = await owner.client.get(`/api/birdies?userId=${owner.user.id}&challengeId=${challenge.id}`);
    expect(mine.status).toBe(200);
    expect(mine.json.map((r: { holeNumber: number }) => r.holeNumber)).toEqual([2, 1]);
    expect((await owner.client.get("/api/birdies")).json).toHaveLength(3);
    expect((await owner.client.get(`/api/birdies?userId=${other.owner.user.id}`)).status).toBe(403);
  });

  test("a member may open another player's records; a stranger may not", async () => {
    const { owner, challenge } = await setup();
    const friend = await signUp(h);
    await addPlayer(h.db, challenge.id, friend.user.id);
    await owner.client.post("/api/birdies", body(challenge.id));
    const seen = await h
      .caller(friend.user)
      .birdies.listForPlayer({ challengeId: challenge.id, userId: owner.user.id });
    expect(seen).toHaveLength(1);
    const stranger = await signUp(h);
    await expect(
      h.caller(stranger.user).birdies.listForPlayer({ challengeId: challenge.id, userId: owner.user.id }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  test("delete: own record only (member 403, stranger 404), bearer header must match, superseded birdie counts again", async () => {
    const { owner, challenge } = await setup();
    const friend = await signUp(h);
    await addPlayer(h.db, challenge.id, friend.user.id);
    const birdie = (await owner.client.post("/api/birdies", body(challenge.id))).json;
    const eagle = (await owner.client.post("/api/birdies", body(challenge.id, { score: 2 }))).json;

    const byFriend = await friend.client.delete(`/api/birdies/${eagle.id}`);
    expect(byFriend.status).toBe(403);
    expect(byFriend.json).toEqual({ message: "You can only delete your own birdies" });
    const stranger = await signUp(h);
    expect((await stranger.client.delete(`/api/birdies/${eagle.id}`)).status).toBe(404);
    expect(
      (await owner.client.delete(`/api/birdies/${eagle.id}`, { Authorization: `Bearer ${friend.user.id}` })).status,
    ).toBe(403);
    expect(
      (await new RestClient(h.app).delete(`/api/birdies/${eagle.id}`, { Authorization: `Bearer ${owner.user.id}` }))
        .status,
    ).toBe(401);

    const ok = await owner.client.delete(`/api/birdies/${eagle.id}`, { Authorization: `Bearer ${owner.user.id}` });
    expect(ok.status).toBe(200);
    const [restored] = await h.db
      .select()
      .from(birdieRecords)
      .where(and(eq(birdieRecords.id, birdie.id)));
    expect(restored.counted).toBe(true);
    expect((await owner.client.delete(`/api/birdies/${eagle.id}`)).status).toBe(404);
    expect((await owner.client.delete("/api/birdies/abc")).status).toBe(400);
  });
});

describe("the play-date window on the server (the record form's rule, src/shared/domain/play-date-window.ts)", () => {
  test("today in the latest time zone (UTC+14) is allowed, the day after is the future; outside the window is said first", async () => {
    const owner = await signUp(h);
    const challenge = await createChallenge(
      h.as(owner.user),
      createChallengeSchema.parse({
        name: `Date window ${Math.random().toString(36).slice(2, 6)}`,
        startDate: "2026-05-01T00:00:00.000Z",
        endDate: "2026-05-31T23:00:00.000Z",
        courseName: `Kiritimati ${Math.random().toString(36).slice(2, 7)}`,
        allowMultipleBirdies: true,
      }),
    );
    const recordAt = (now: string, date: string) =>
      recordBirdie(
        h.as(owner.user, { clock: () => new Date(now) }),
        recordBirdieSchema.parse({ challengeId: challenge.id, holeNumber: 1, score: 3, date, verifiedBy: partner }),
      ).then(
        () => "recorded",
        (err: Error) => err.message,
      );
    // 21 May starts at 10:00 UTC on the 20th in UTC+14.
    expect(await recordAt("2026-05-20T09:59:59.999Z", "2026-05-21")).toBe("Date played cannot be in the future");
    expect(await recordAt("2026-05-20T10:00:00.000Z", "2026-05-21")).toBe("recorded");
    expect(await recordAt("2026-05-20T12:00:00.000Z", "2026-05-22")).toBe("Date played cannot be in the future");
    expect(await recordAt("2026-05-20T12:00:00.000Z", "2026-04-30")).toBe(
      "Date played must be within the challenge dates",
    );
    // After the end and in the future: the window is reported first.
    expect(await recordAt("2026-05-20T12:00:00.000Z", "2026-06-02")).toBe(
      "Date played must be within the challenge dates",
    );
  });
});

describe("?userId= on DELETE /api/birdies/{id}", () => {
  test("naming someone else is 403 before anything is deleted, as on the feature's other routes", async () => {
    const { owner, challenge } = await setup();
    const other = await signUp(h);
    const record = (await owner.client.post("/api/birdies", body(challenge.id))).json;
    const refused = await owner.client.delete(`/api/birdies/${record.id}?userId=${other.user.id}`);
    expect(refused.status).toBe(403);
    expect(refused.json).toEqual({ message: "You can only act as yourself" });
    expect(await h.db.select().from(birdieRecords).where(eq(birdieRecords.id, record.id))).toHaveLength(1);
    expect((await owner.client.delete(`/api/birdies/${record.id}?userId=${owner.user.id}`)).status).toBe(200);
  });
});

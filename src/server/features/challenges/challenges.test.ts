import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { challengeCourses, challengePlayers, challenges } from "../../db/schema/challenges";
import { challengeWindow, createChallenge, createCourse, join, unique } from "../../test/harness/challenge-fixtures";
import { createTestHarness, RestClient, signUp, type TestHarness } from "../../test/harness/harness";
import { getChallenge } from "./views";

let h: TestHarness;
type Golfer = Awaited<ReturnType<typeof signUp>>;
let creator: Golfer;
let member: Golfer;
let outsider: Golfer;
beforeAll(async () => {
  h = await createTestHarness();
  creator = await signUp(h, { displayName: "Carla Creator" });
  member = await signUp(h, { displayName: "Mo Member" });
  outsider = await signUp(h, { displayName: "Otto Outsider" });
  // Booting the database and hashing three passwords outlasts bun's default 5 s hook limit.
}, 30_000);
afterAll(() => h.close());

const NOT_FOUND = { message: "Challenge not found" };

/** A challenge by `creator` that `member` has joined (and `outsider` has not). */
async function sharedChallenge(body: Record<string, unknown> = {}) {
  const challenge = await createChallenge(creator.client, body);
  await join(member.client, challenge.inviteCode);
  return challenge;
}

describe("POST /api/challenges", () => {
  test("201 with the challenge as docs/product/api.md#challengeview-and-challengelistitem describes it; the creator is its first player", async () => {
    const course = await createCourse(creator.client, unique("Pebble Beach"));
    const dates = challengeWindow(-1, 29);
    const res = await creator.client.post(`/api/challenges?userId=${creator.user.id}`, {
      name: "  Summer Birdies  ",
      ...dates,
      courseIds: [course.id],
      rules: "Play it as it lies",
      tiebreaker: "firstToThreshold",
      tiebreakerThreshold: "12",
      allowMultipleBirdies: true,
    });
    expect(res.status).toBe(201);
    const c = res.json;
    expect(Number.isInteger(c.id)).toBe(true);
    expect(c).toMatchObject({
      name: "Summer Birdies",
      rules: "Play it as it lies",
      description: null,
      courseMode: "single",
      startDate: dates.startDate,
      endDate: dates.endDate,
      tiebreaker: "firstToThreshold",
      tiebreakerThreshold: 12,
      allowMultipleBirdies: true,
      eagleBonus: false,
      creatorId: creator.user.id,
      creatorName: "Carla Creator",
      courses: [course],
      courseName: course.name,
      courseInfo: course.name,
      playerCount: 1,
      isCreator: true,
      status: "active",
    });
    expect(c.inviteCode).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(c.inviteLink).toBe(`/join-challenge/${c.inviteCode}`);
    expect(c.invitePin).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
    const players = await h.db.select().from(challengePlayers).where(eq(challengePlayers.challengeId, c.id));
    expect(players.map((p) => p.userId)).toEqual([creator.user.id]);
  });

  test("defaults: single mode, mostBirdies, threshold 9, both flags off", async () => {
    const c = await createChallenge(creator.client);
    expect(c).toMatchObject({
      courseMode: "single",
      tiebreaker: "mostBirdies",
      tiebreakerThreshold: 9,
      allowMultipleBirdies: false,
      eagleBonus: false,
      rules: null,
    });
  });

  test("a courseName is found case-insensitively or created", async () => {
    const existing = await createCourse(creator.client, unique("St Andrews"));
    const found = await createChallenge(creator.client, { courseName: existing.name.toLowerCase() });
    expect(found.courses).toEqual([existing]);
    const name = unique("Brand New Links");
    const created = await createChallenge(creator.client, { courseName: name });
    expect(created.courses).toEqual([{ id: expect.any(Number), name }]);
    expect(created.courses[0].id).not.toBe(existing.id);
  });

  test("hybrid mode takes zero or several courses, in the order given", async () => {
    const none = await createChallenge(creator.client, { courseMode: "hybrid" });
    expect(none).toMatchObject({ courses: [], courseName: null, courseInfo: "Any Course" });
    const [a, b, c] = [
      await createCourse(creator.client),
      await createCourse(creator.client),
      await createCourse(creator.client),
    ];
    const three = await createChallenge(creator.client, { courseMode: "hybrid", courseIds: [b.id, a.id, c.id, a.id] });
    expect(three.courses).toEqual([b, a, c]);
    expect(three.courseName).toBe(`${b.name} +2 more`);
    expect(three.courseInfo).toBe(`${b.name}, ${a.name}, ${c.name}`);
  });

  test("single mode needs exactly one course", async () => {
    const none = await creator.client.post("/api/challenges", { name: unique("Solo"), ...challengeWindow() });
    expect(none.status).toBe(400);
    expect(none.json).toEqual({ message: "Choose a course for a single-course challenge" });
    const [a, b] = [await createCourse(creator.client), await createCourse(creator.client)];
    const two = await creator.client.post("/api/challenges", {
      name: unique("Solo"),
      ...challengeWindow(),
      courseIds: [a.id, b.id],
    });
    expect(two.status).toBe(400);
    expect(two.json).toEqual({ message: "A single-course challenge has exactly one course" });
    const unknown = await creator.client.post("/api/challenges", {
      name: unique("Solo"),
      ...challengeWindow(),
      courseIds: [999999],
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ message: "Course not found" });
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ["a 3-character name", { name: "abc" }, "Challenge name must be at least 4 characters"],
    [
      "a 1-character course name",
      { courseName: "P", courseIds: undefined },
      "Course name must be at least 2 characters",
    ],
    [
      "an end equal to the start",
      { startDate: "2026-06-01T00:00:00.000Z", endDate: "2026-06-01T00:00:00.000Z" },
      "End date must be after start date",
    ],
    [
      "an end before the start",
      { startDate: "2026-06-02T00:00:00.000Z", endDate: "2026-06-01T00:00:00.000Z" },
      "End date must be after start date",
    ],
    [
      "the edit-only tiebreaker",
      { tiebreaker: "firstToComplete" },
      "Tiebreaker must be mostBirdies or firstToThreshold",
    ],
    ["threshold 19", { tiebreakerThreshold: 19 }, "Threshold must be between 1 and 18"],
    ["threshold 0", { tiebreakerThreshold: 0 }, "Threshold must be between 1 and 18"],
    ["an unknown mode", { courseMode: "triple" }, "Course mode must be single or hybrid"],
    ["no start date", { startDate: undefined }, "Start date is required"],
    ["a date that is not a date", { endDate: "tomorrow-ish" }, "End date must be a valid date"],
  ];
  for (const [what, patch, message] of invalid) {
    test(`400 '${message}' for ${what}`, async () => {
      const res = await creator.client.post("/api/challenges", {
        name: unique("Valid"),
        ...challengeWindow(),
        courseIds: [1],
        ...patch,
      });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ message });
    });
  }

  test("401 signed out, 403 for someone else's userId, 403 cross-site", async () => {
    const body = { name: unique("Nope"), ...challengeWindow(), courseName: "Anywhere" };
    expect((await new RestClient(h.app).post("/api/challenges", body)).status).toBe(401);
    const other = await creator.client.post(`/api/challenges?userId=${member.user.id}`, body);
    expect(other.status).toBe(403);
    expect(other.json).toEqual({ message: "You can only act as yourself" });
    const csrf = new RestClient(h.app, "https://evil.example");
    csrf.cookies = creator.client.cookies;
    expect((await csrf.post("/api/challenges", body)).status).toBe(403);
  });

  test("tRPC challenges.create shares the service and its messages", async () => {
    const caller = h.caller(creator.user);
    const created = await caller.challenges.create({
      name: unique("Trpc"),
      ...challengeWindow(),
      courseName: unique("Trpc Course"),
    });
    expect(created).toMatchObject({ isCreator: true, playerCount: 1, status: "active" });
    await expect(
      caller.challenges.create({ name: "abc", ...challengeWindow(), courseName: "Trpc" }),
    ).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Challenge name must be at least 4 characters",
    });
    await expect(
      h.caller(null).challenges.create({ name: unique("Anon"), ...challengeWindow() }),
    ).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});

describe("GET /api/challenges/{id}: members only, others learn nothing", () => {
  test("members see it; a non-member and an unknown id get the same 404; signed out 401", async () => {
    const c = await sharedChallenge();
    const mine = await member.client.get(`/api/challenges/${c.id}`);
    expect(mine.status).toBe(200);
    expect(mine.json).toMatchObject({
      id: c.id,
      isCreator: false,
      playerCount: 2,
      invitePin: c.invitePin,
      inviteLink: c.inviteLink,
    });
    const stranger = await outsider.client.get(`/api/challenges/${c.id}`);
    expect(stranger.status).toBe(404);
    expect(stranger.json).toEqual(NOT_FOUND);
    const missing = await outsider.client.get("/api/challenges/999999");
    expect(missing.status).toBe(404);
    expect(missing.json).toEqual(NOT_FOUND);
    expect((await new RestClient(h.app).get(`/api/challenges/${c.id}`)).status).toBe(401);
    const malformed = await member.client.get("/api/challenges/12abc");
    expect(malformed.status).toBe(400);
    expect(malformed.json).toEqual({ message: "Invalid challenge id" });
  });

  test("tRPC challenges.byId: NOT_FOUND for a non-member", async () => {
    const c = await sharedChallenge();
    expect(await h.caller(member.user).challenges.byId({ id: c.id })).toMatchObject({ id: c.id, isCreator: false });
    await expect(h.caller(outsider.user).challenges.byId({ id: c.id })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "Challenge not found",
    });
  });

  test("status at the window's exact instants: the start and the end are both active", async () => {
    const c = await createChallenge(creator.client, {
      startDate: "2030-03-01T06:00:00.000Z",
      endDate: "2030-03-31T18:00:00.000Z",
    });
    const at = (iso: string) =>
      getChallenge(h.as(creator.user, { clock: () => new Date(iso) }), { id: c.id }).then((v) => v.status);
    expect(await at("2030-03-01T05:59:59.999Z")).toBe("upcoming");
    expect(await at("2030-03-01T06:00:00.000Z")).toBe("active");
    expect(await at("2030-03-31T18:00:00.000Z")).toBe("active");
    expect(await at("2030-03-31T18:00:00.001Z")).toBe("past");
  });
});

describe("GET /api/users/{id}/challenges", () => {
  test("the caller's challenges with the derived fields of docs/product/api.md#challengeview-and-challengelistitem", async () => {
    const golfer = await signUp(h, { displayName: "Lisa List" });
    const [a, b, c] = [
      await createCourse(creator.client),
      await createCourse(creator.client),
      await createCourse(creator.client),
    ];
    const active = await createChallenge(creator.client, {
      name: unique("Active"),
      courseMode: "hybrid",
      courseIds: [a.id, b.id, c.id],
      ...challengeWindow(-2, 5),
    });
    const upcoming = await createChallenge(golfer.client, { name: unique("Upcoming"), ...challengeWindow(3, 20) });
    const past = await createChallenge(creator.client, { name: unique("Past"), ...challengeWindow(-40, -10) });
    await createChallenge(creator.client, { name: unique("Not mine") });
    await join(golfer.client, active.inviteCode);
    // Past challenges cannot be joined by link; membership from before the end still lists.
    await h.db.insert(challengePlayers).values({ challengeId: past.id, userId: golfer.user.id });

    const res = await golfer.client.get(`/api/users/${golfer.user.id}/challenges`);
    expect(res.status).toBe(200);
    expect(res.json.map((x: { id: number }) => x.id)).toEqual([past.id, active.id, upcoming.id]);
    const byId = Object.fromEntries(res.json.map((x: { id: number }) => [x.id, x]));
    expect(byId[active.id]).toMatchObject({
      status: "active",
      courseName: `${a.name} +2 more`,
      courseMode: "hybrid",
      courses: [a, b, c],
      progress: 0,
      isCreator: false,
      playerCount: 2,
      creatorName: "Carla Creator",
      birdiedHoles: [],
      eagleHoles: [],
      holeCounts: {},
      inviteLink: `/join-challenge/${active.inviteCode}`,
      invitePin: active.invitePin,
    });
    expect(byId[upcoming.id]).toMatchObject({
      status: "upcoming",
      isCreator: true,
      playerCount: 1,
      creatorName: "Lisa List",
    });
    expect(byId[past.id]).toMatchObject({ status: "past", isCreator: false, playerCount: 2 });

    const trpcList = await h.caller(golfer.user).challenges.list();
    expect(trpcList).toEqual(res.json);
  });

  test("only one's own list: another id is 403, signed out 401, a malformed id 403", async () => {
    expect((await member.client.get(`/api/users/${member.user.id}/challenges`)).status).toBe(200);
    const other = await member.client.get(`/api/users/${creator.user.id}/challenges`);
    expect(other.status).toBe(403);
    expect(other.json).toEqual({ message: "You can only act as yourself" });
    expect((await member.client.get("/api/users/me/challenges")).status).toBe(403);
    expect((await new RestClient(h.app).get(`/api/users/${member.user.id}/challenges`)).status).toBe(401);
  });
});

describe("PATCH /api/challenges/{id}", () => {
  test("the creator edits with the edit rules (3-character name, firstToComplete, threshold 17)", async () => {
    const c = await sharedChallenge();
    const dates = challengeWindow(-3, 40);
    const res = await creator.client.patch(`/api/challenges/${c.id}`, {
      name: "Fun",
      rules: "New rules",
      description: "A description",
      tiebreaker: "firstToComplete",
      tiebreakerThreshold: 17,
      eagleBonus: true,
      ...dates,
      courseName: "ignored on PATCH",
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      id: c.id,
      name: "Fun",
      rules: "New rules",
      description: "A description",
      tiebreaker: "firstToComplete",
      tiebreakerThreshold: 17,
      eagleBonus: true,
      ...dates,
      courses: c.courses,
      playerCount: 2,
    });
    expect((await member.client.get(`/api/challenges/${c.id}`)).json.name).toBe("Fun");
  });

  test("left-out fields stay; empty rules clear them", async () => {
    const c = await createChallenge(creator.client, { rules: "Keep me", allowMultipleBirdies: true });
    const res = await creator.client.patch(`/api/challenges/${c.id}`, { name: "Renamed" });
    expect(res.json).toMatchObject({
      name: "Renamed",
      rules: "Keep me",
      allowMultipleBirdies: true,
      startDate: c.startDate,
      endDate: c.endDate,
    });
    expect((await creator.client.patch(`/api/challenges/${c.id}`, { rules: "" })).json.rules).toBeNull();
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ["a 2-character name", { name: "ab" }, "Challenge name must be at least 3 characters"],
    ["threshold 18", { tiebreakerThreshold: 18 }, "Threshold must be between 1 and 17"],
    [
      "an end before the start",
      { startDate: "2026-06-02T00:00:00.000Z", endDate: "2026-06-01T00:00:00.000Z" },
      "End date must be after the start date",
    ],
    ["a date before 1900", { startDate: "1899-12-31T00:00:00.000Z" }, "Start date must be between 1900 and 9999"],
    [
      "an unknown tiebreaker",
      { tiebreaker: "coinToss" },
      "Tiebreaker must be mostBirdies, firstToThreshold or firstToComplete",
    ],
  ];
  for (const [what, body, message] of invalid) {
    test(`400 '${message}' for ${what}`, async () => {
      const c = await createChallenge(creator.client);
      const res = await creator.client.patch(`/api/challenges/${c.id}`, body);
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ message });
    });
  }

  test("one date is checked against the stored other one", async () => {
    const c = await createChallenge(creator.client, challengeWindow(1, 10));
    const res = await creator.client.patch(`/api/challenges/${c.id}`, { endDate: challengeWindow(0, 0).startDate });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message: "End date must be after the start date" });
  });

  test("a member who is not the creator gets 403, a non-member 404, signed out 401", async () => {
    const c = await sharedChallenge();
    const byMember = await member.client.patch(`/api/challenges/${c.id}`, { name: "Hijacked" });
    expect(byMember.status).toBe(403);
    expect(byMember.json).toEqual({ message: "Only the creator can edit this challenge" });
    const byOutsider = await outsider.client.patch(`/api/challenges/${c.id}`, { name: "Hijacked" });
    expect(byOutsider.status).toBe(404);
    expect(byOutsider.json).toEqual(NOT_FOUND);
    expect((await new RestClient(h.app).patch(`/api/challenges/${c.id}`, { name: "Hijacked" })).status).toBe(401);
    expect((await creator.client.get(`/api/challenges/${c.id}`)).json.name).toBe(c.name);
    await expect(h.caller(member.user).challenges.update({ id: c.id, name: "Hijacked" })).rejects.toMatchObject({
      code: "FORBIDDEN",
    });
  });

  test("courseIds replace the courses; switching to single mode keeps only the first", async () => {
    const [a, b, c] = [
      await createCourse(creator.client),
      await createCourse(creator.client),
      await createCourse(creator.client),
    ];
    const hybrid = await createChallenge(creator.client, { courseMode: "hybrid", courseIds: [a.id, b.id] });
    const replaced = await creator.client.patch(`/api/challenges/${hybrid.id}`, { courseIds: [c.id, a.id] });
    expect(replaced.json.courses).toEqual([c, a]);
    const tooMany = await creator.client.patch(`/api/challenges/${hybrid.id}`, {
      courseMode: "single",
      courseIds: [a.id, b.id],
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.json).toEqual({ message: "A single-course challenge has exactly one course" });
    const single = await creator.client.patch(`/api/challenges/${hybrid.id}`, { courseMode: "single" });
    expect(single.json).toMatchObject({ courseMode: "single", courses: [c], courseName: c.name });
  });

  test("tRPC challenges.update takes { id, ...fields }", async () => {
    const c = await createChallenge(creator.client);
    const updated = await h
      .caller(creator.user)
      .challenges.update({ id: c.id, name: "Via tRPC", tiebreakerThreshold: "4" });
    expect(updated).toMatchObject({ name: "Via tRPC", tiebreakerThreshold: 4 });
  });
});

describe("DELETE /api/challenges/{id}", () => {
  test("only the creator deletes; everything of the challenge goes with it", async () => {
    const c = await sharedChallenge();
    const byMember = await member.client.delete(`/api/challenges/${c.id}`);
    expect(byMember.status).toBe(403);
    expect(byMember.json).toEqual({ message: "Only the creator can delete this challenge" });
    expect((await outsider.client.delete(`/api/challenges/${c.id}`)).status).toBe(404);
    expect((await new RestClient(h.app).delete(`/api/challenges/${c.id}`)).status).toBe(401);

    const res = await creator.client.delete(`/api/challenges/${c.id}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true });
    expect((await creator.client.get(`/api/challenges/${c.id}`)).status).toBe(404);
    expect(await h.db.select().from(challengePlayers).where(eq(challengePlayers.challengeId, c.id))).toHaveLength(0);
    expect(await h.db.select().from(challengeCourses).where(eq(challengeCourses.challengeId, c.id))).toHaveLength(0);
    expect((await creator.client.delete(`/api/challenges/${c.id}`)).status).toBe(404);
  });

  test("tRPC challenges.delete", async () => {
    const c = await createChallenge(creator.client);
    expect(await h.caller(creator.user).challenges.delete({ id: c.id })).toEqual({ ok: true });
    expect(await h.db.select().from(challenges).where(eq(challenges.id, c.id))).toHaveLength(0);
  });
});

describe("/api/challenges/{id}/courses", () => {
  test("GET lists the courses for members (404 for others)", async () => {
    const c = await sharedChallenge();
    const res = await member.client.get(`/api/challenges/${c.id}/courses`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual(c.courses);
    expect((await outsider.client.get(`/api/challenges/${c.id}/courses`)).json).toEqual(NOT_FOUND);
  });

  test("POST in single mode replaces the course (by id or by name)", async () => {
    const c = await sharedChallenge();
    const next = await createCourse(creator.client);
    const res = await creator.client.post(`/api/challenges/${c.id}/courses`, { courseId: next.id });
    expect(res.status).toBe(200);
    expect(res.json).toEqual([next]);
    const name = unique("Named Course");
    const byName = await creator.client.post(`/api/challenges/${c.id}/courses`, { courseName: name });
    expect(byName.json).toEqual([{ id: expect.any(Number), name }]);
    expect((await member.client.get(`/api/challenges/${c.id}`)).json.courseName).toBe(name);
  });

  test("POST in hybrid mode adds at the end, once", async () => {
    const [a, b] = [await createCourse(creator.client), await createCourse(creator.client)];
    const c = await createChallenge(creator.client, { courseMode: "hybrid", courseIds: [a.id] });
    expect((await creator.client.post(`/api/challenges/${c.id}/courses`, { courseId: b.id })).json).toEqual([a, b]);
    expect((await creator.client.post(`/api/challenges/${c.id}/courses`, { courseId: a.id })).json).toEqual([a, b]);
    expect(await h.caller(creator.user).challenges.courses({ id: c.id })).toEqual([a, b]);
  });

  test("POST: creator only, a course is required and must exist", async () => {
    const c = await sharedChallenge();
    const course = await createCourse(creator.client);
    const byMember = await member.client.post(`/api/challenges/${c.id}/courses`, { courseId: course.id });
    expect(byMember.status).toBe(403);
    expect(byMember.json).toEqual({ message: "Only the creator can change the courses of this challenge" });
    expect((await outsider.client.post(`/api/challenges/${c.id}/courses`, { courseId: course.id })).status).toBe(404);
    const empty = await creator.client.post(`/api/challenges/${c.id}/courses`, {});
    expect(empty.status).toBe(400);
    expect(empty.json).toEqual({ message: "Select a course" });
    const unknown = await creator.client.post(`/api/challenges/${c.id}/courses`, { courseId: 999999 });
    expect(unknown.status).toBe(404);
    expect(unknown.json).toEqual({ message: "Course not found" });
    expect((await member.client.get(`/api/challenges/${c.id}/courses`)).json).toEqual(c.courses);
  });
});

describe("players", () => {
  test("GET /players lists members in join order with the creator flagged (404 for others)", async () => {
    const c = await sharedChallenge();
    const res = await member.client.get(`/api/challenges/${c.id}/players`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      {
        id: creator.user.id,
        username: creator.user.username,
        displayName: "Carla Creator",
        profilePicture: null,
        handicap: null,
        joinedAt: expect.any(String),
        isCreator: true,
      },
      {
        id: member.user.id,
        username: member.user.username,
        displayName: "Mo Member",
        profilePicture: null,
        handicap: null,
        joinedAt: expect.any(String),
        isCreator: false,
      },
    ]);
    expect((await outsider.client.get(`/api/challenges/${c.id}/players`)).json).toEqual(NOT_FOUND);
    expect(await h.caller(creator.user).challenges.players({ id: c.id })).toEqual(res.json);
  });

  test("the creator removes a player: their membership goes, the challenge is hidden from them again", async () => {
    const c = await sharedChallenge();
    const third = await signUp(h);
    await join(third.client, c.inviteCode);
    const res = await creator.client.delete(`/api/challenges/${c.id}/players/${member.user.id}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true });
    expect((await member.client.get(`/api/challenges/${c.id}`)).status).toBe(404);
    expect(
      (await member.client.get(`/api/users/${member.user.id}/challenges`)).json.some(
        (x: { id: number }) => x.id === c.id,
      ),
    ).toBe(false);
    const left = (await creator.client.get(`/api/challenges/${c.id}/players`)).json.map((p: { id: number }) => p.id);
    expect(left).toEqual([creator.user.id, third.user.id]);
    expect((await creator.client.get(`/api/challenges/${c.id}`)).json.playerCount).toBe(2);
    const rows = await h.db
      .select()
      .from(challengePlayers)
      .where(and(eq(challengePlayers.challengeId, c.id), eq(challengePlayers.userId, member.user.id)));
    expect(rows).toHaveLength(0);

    const again = await creator.client.delete(`/api/challenges/${c.id}/players/${member.user.id}`);
    expect(again.status).toBe(404);
    expect(again.json).toEqual({ message: "Player not found" });
    // A removed player may come back through the invite link.
    await join(member.client, c.inviteCode);
    expect((await member.client.get(`/api/challenges/${c.id}`)).status).toBe(200);
  });

  test("never the creator (so never oneself); only the creator removes; others get 404", async () => {
    const c = await sharedChallenge();
    const third = await signUp(h);
    await join(third.client, c.inviteCode);
    const self = await creator.client.delete(`/api/challenges/${c.id}/players/${creator.user.id}`);
    expect(self.status).toBe(403);
    expect(self.json).toEqual({ message: "The creator cannot be removed from the challenge" });
    const byMember = await member.client.delete(`/api/challenges/${c.id}/players/${third.user.id}`);
    expect(byMember.status).toBe(403);
    expect(byMember.json).toEqual({ message: "Only the creator can remove players" });
    const memberRemovesCreator = await member.client.delete(`/api/challenges/${c.id}/players/${creator.user.id}`);
    expect(memberRemovesCreator.status).toBe(403);
    expect((await outsider.client.delete(`/api/challenges/${c.id}/players/${third.user.id}`)).json).toEqual(NOT_FOUND);
    expect((await new RestClient(h.app).delete(`/api/challenges/${c.id}/players/${third.user.id}`)).status).toBe(401);
    expect((await creator.client.delete(`/api/challenges/${c.id}/players/abc`)).json).toEqual({
      message: "Invalid user id",
    });
    expect((await creator.client.get(`/api/challenges/${c.id}`)).json.playerCount).toBe(3);

    await expect(
      h.caller(creator.user).challenges.removePlayer({ id: c.id, userId: creator.user.id }),
    ).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await h.caller(creator.user).challenges.removePlayer({ id: c.id, userId: third.user.id })).toEqual({
      ok: true,
    });
  });
});

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { challenges } from "../../db/schema/challenges";
import { challengeWindow, createChallenge, createCourse, join, unique } from "../../test/harness/challenge-fixtures";
import { createTestHarness, RestClient, signUp, type TestHarness } from "../../test/harness/harness";

let h: TestHarness;
type Golfer = Awaited<ReturnType<typeof signUp>>;
let creator: Golfer;
let friend: Golfer;
beforeAll(async () => {
  h = await createTestHarness();
  creator = await signUp(h, { displayName: "Ivy Inviter" });
  friend = await signUp(h, { displayName: "Fred Friend" });
}, 30_000);
afterAll(() => h.close());

const NOT_FOUND = { message: "Challenge not found" };
const INVALID_PIN = { message: "Invalid PIN code. Please try again." };

describe("GET /api/challenge-preview/{code} (public)", () => {
  test("anyone with the link sees the public preview (docs/product/api.md#invitepreview-and-invitedetails), and never the PIN or code", async () => {
    const course = await createCourse(creator.client, unique("Preview Links"));
    const dates = challengeWindow(2, 30);
    const c = await createChallenge(creator.client, {
      name: unique("Preview"),
      rules: "No mulligans",
      courseIds: [course.id],
      ...dates,
    });
    const res = await new RestClient(h.app).get(`/api/challenge-preview/${c.inviteCode}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      id: c.id,
      name: c.name,
      creatorName: "Ivy Inviter",
      rules: "No mulligans",
      description: null,
      courseMode: "single",
      courseInfo: course.name,
      courses: [course],
      startDate: dates.startDate,
      endDate: dates.endDate,
      status: "upcoming",
      playerCount: 1,
      tiebreaker: "mostBirdies",
      tiebreakerThreshold: 9,
    });
    expect(res.text).not.toContain(c.invitePin);
    expect(res.text).not.toContain(c.inviteCode);
  });

  test("404 'Challenge not found' for an unknown or malformed code", async () => {
    for (const code of ["AAAAAAAAAAAAAAAA", "short", "has%20spaces%20in%20it!!"]) {
      const res = await new RestClient(h.app).get(`/api/challenge-preview/${code}`);
      expect(res.status).toBe(404);
      expect(res.json).toEqual(NOT_FOUND);
    }
  });

  test("tRPC invites.preview needs no session either", async () => {
    const c = await createChallenge(creator.client);
    expect(await h.caller(null).invites.preview({ code: c.inviteCode })).toMatchObject({
      id: c.id,
      name: c.name,
      playerCount: 1,
    });
    await expect(h.caller(null).invites.preview({ code: "nope-nope-nope-nope" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
  });
});

describe("GET /api/challenges/invite/{code}", () => {
  test("the preview plus challengeId and whether the caller is already in; 401 signed out", async () => {
    const c = await createChallenge(creator.client);
    const before = await friend.client.get(`/api/challenges/invite/${c.inviteCode}`);
    expect(before.status).toBe(200);
    expect(before.json).toMatchObject({
      id: c.id,
      challengeId: c.id,
      name: c.name,
      alreadyJoined: false,
      playerCount: 1,
    });
    expect((await creator.client.get(`/api/challenges/invite/${c.inviteCode}`)).json.alreadyJoined).toBe(true);
    expect((await new RestClient(h.app).get(`/api/challenges/invite/${c.inviteCode}`)).status).toBe(401);
    expect((await friend.client.get("/api/challenges/invite/AAAAAAAAAAAAAAAA")).json).toEqual(NOT_FOUND);
  });
});

describe("POST /api/challenges/invite/{code}/join", () => {
  test("joins (challengeId), then the challenge is visible; joining twice is 409 'Already joined challenge {id}'", async () => {
    const c = await createChallenge(creator.client);
    expect((await friend.client.get(`/api/challenges/${c.id}`)).status).toBe(404);
    const res = await friend.client.post(`/api/challenges/invite/${c.inviteCode}/join`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ challengeId: c.id, name: c.name });
    const detail = await friend.client.get(`/api/challenges/${c.id}`);
    expect(detail.json).toMatchObject({ playerCount: 2, isCreator: false });

    const twice = await friend.client.post(`/api/challenges/invite/${c.inviteCode}/join`);
    expect(twice.status).toBe(409);
    expect(twice.json).toEqual({ message: `Already joined challenge ${c.id}` });
    const own = await creator.client.post(`/api/challenges/invite/${c.inviteCode}/join`);
    expect(own.status).toBe(409);
    expect(own.json).toEqual({ message: `Already joined challenge ${c.id}` });
  });

  test("upcoming challenges can be joined; ended ones answer 409 'This challenge has ended'", async () => {
    const upcoming = await createChallenge(creator.client, challengeWindow(5, 30));
    expect((await friend.client.post(`/api/challenges/invite/${upcoming.inviteCode}/join`)).status).toBe(200);
    const past = await createChallenge(creator.client, challengeWindow(-30, -1));
    const res = await friend.client.post(`/api/challenges/invite/${past.inviteCode}/join`);
    expect(res.status).toBe(409);
    expect(res.json).toEqual({ message: "This challenge has ended" });
  });

  test("401 signed out, 404 unknown code, 403 cross-site", async () => {
    const c = await createChallenge(creator.client);
    expect((await new RestClient(h.app).post(`/api/challenges/invite/${c.inviteCode}/join`)).status).toBe(401);
    expect((await friend.client.post("/api/challenges/invite/AAAAAAAAAAAAAAAA/join")).json).toEqual(NOT_FOUND);
    const csrf = new RestClient(h.app, "https://evil.example");
    csrf.cookies = friend.client.cookies;
    expect((await csrf.post(`/api/challenges/invite/${c.inviteCode}/join`)).status).toBe(403);
    expect((await friend.client.get(`/api/challenges/${c.id}`)).status).toBe(404);
  });

  test("tRPC invites.join and invites.details", async () => {
    const c = await createChallenge(creator.client);
    const joiner = await signUp(h);
    const caller = h.caller(joiner.user);
    expect(await caller.invites.details({ code: c.inviteCode })).toMatchObject({
      challengeId: c.id,
      alreadyJoined: false,
    });
    expect(await caller.invites.join({ code: c.inviteCode })).toEqual({ challengeId: c.id, name: c.name });
    await expect(caller.invites.join({ code: c.inviteCode })).rejects.toMatchObject({
      code: "CONFLICT",
      message: `Already joined challenge ${c.id}`,
    });
    await expect(h.caller(null).invites.join({ code: c.inviteCode })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});

describe("GET /api/challenges/pin/{pin}", () => {
  test("finds the challenge whatever the case, spaces or dashes ({ success, name } plus where to go)", async () => {
    const c = await createChallenge(creator.client);
    const pin: string = c.invitePin;
    const spaced = `${pin.slice(0, 3)} ${pin.slice(3, 6)} ${pin.slice(6, 9)} ${pin.slice(9)}`;
    const dashed = `${pin.slice(0, 3)}-${pin.slice(3, 6)}-${pin.slice(6, 9)}-${pin.slice(9)}`;
    for (const typed of [pin, pin.toLowerCase(), spaced, dashed.toLowerCase(), ` ${dashed} `]) {
      const res = await friend.client.get(`/api/challenges/pin/${encodeURIComponent(typed)}`);
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ success: true, name: c.name, challengeId: c.id, inviteCode: c.inviteCode });
    }
    // Looking a challenge up does not join it.
    expect((await friend.client.get(`/api/challenges/${c.id}`)).status).toBe(404);
  });

  test("an unknown PIN is 404 and form errors are 400, each with the product's text (docs/product/texts-and-messages.md#invites-and-pin)", async () => {
    const c = await createChallenge(creator.client);
    const other = c.invitePin[0] === "A" ? `B${c.invitePin.slice(1)}` : `A${c.invitePin.slice(1)}`;
    const cases: [string, number, { message: string }][] = [
      [other, 404, INVALID_PIN],
      ["ABCDEFGHIO", 404, INVALID_PIN], // I and O are never issued
      ["ABCDEFG", 404, INVALID_PIN],
      ["AB-C D", 400, { message: "PIN code is too short" }],
      ["-----", 400, { message: "PIN code is too short" }],
      ["%20%20", 400, { message: "Please enter a PIN code" }],
      ["ABCDEFGHJKLMN", 400, { message: "PIN code is too long" }],
    ];
    for (const [typed, status, body] of cases) {
      const res = await friend.client.get(
        `/api/challenges/pin/${typed.startsWith("%") ? typed : encodeURIComponent(typed)}`,
      );
      expect([typed, res.status, res.json]).toEqual([typed, status, body]);
    }
  });

  test("401 signed out; tRPC invites.lookupPin shares the service", async () => {
    const c = await createChallenge(creator.client);
    expect((await new RestClient(h.app).get(`/api/challenges/pin/${c.invitePin}`)).status).toBe(401);
    const caller = h.caller(friend.user);
    expect(await caller.invites.lookupPin({ pin: c.invitePin.toLowerCase() })).toEqual({
      success: true,
      name: c.name,
      challengeId: c.id,
      inviteCode: c.inviteCode,
    });
    await expect(caller.invites.lookupPin({ pin: "" })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Please enter a PIN code",
    });
    await expect(h.caller(null).invites.lookupPin({ pin: c.invitePin })).rejects.toMatchObject({
      code: "UNAUTHORIZED",
    });
  });
});

describe("POST /api/challenges/{id}/invite/regenerate", () => {
  test("the creator gets a new link code and PIN; the old ones stop working at once", async () => {
    const c = await createChallenge(creator.client);
    await join(friend.client, c.inviteCode);
    const res = await creator.client.post(`/api/challenges/${c.id}/invite/regenerate`);
    expect(res.status).toBe(200);
    const fresh = res.json;
    expect(fresh.inviteCode).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(fresh.invitePin).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
    expect(fresh.inviteCode).not.toBe(c.inviteCode);
    expect(fresh.invitePin).not.toBe(c.invitePin);
    expect(fresh.inviteLink).toBe(`/join-challenge/${fresh.inviteCode}`);

    expect((await new RestClient(h.app).get(`/api/challenge-preview/${c.inviteCode}`)).status).toBe(404);
    expect((await friend.client.get(`/api/challenges/pin/${c.invitePin}`)).json).toEqual(INVALID_PIN);
    expect((await friend.client.get(`/api/challenges/pin/${fresh.invitePin}`)).json.challengeId).toBe(c.id);
    expect((await friend.client.get(`/api/challenges/${c.id}`)).json).toMatchObject({
      inviteCode: fresh.inviteCode,
      invitePin: fresh.invitePin,
    });
    const [row] = await h.db.select().from(challenges).where(eq(challenges.id, c.id));
    expect(row.invitePin).toBe(fresh.invitePin);
  });

  test("creator only: a member gets 403, a non-member 404", async () => {
    const c = await createChallenge(creator.client);
    await join(friend.client, c.inviteCode);
    const byMember = await friend.client.post(`/api/challenges/${c.id}/invite/regenerate`);
    expect(byMember.status).toBe(403);
    expect(byMember.json).toEqual({ message: "Only the creator can regenerate the invite codes" });
    const stranger = await signUp(h);
    expect((await stranger.client.post(`/api/challenges/${c.id}/invite/regenerate`)).json).toEqual(NOT_FOUND);
    const viaTrpc = await h.caller(creator.user).challenges.regenerateInvite({ id: c.id });
    expect(viaTrpc.invitePin).not.toBe(c.invitePin);
  });
});

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { birdieRecords } from "../../db/schema/birdies";
import { challenges } from "../../db/schema/challenges";
import { createChallenge, join } from "../../test/harness/challenge-fixtures";
import { createTestHarness, RestClient, signUp, type TestHarness } from "../../test/harness/harness";

// Leaving a challenge and handing it over (docs/product/rules.md#leaving-and-handing-over):
// POST /api/challenges/{id}/leave and POST /api/challenges/{id}/transfer with their tRPC twins.

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
}, 30_000);
afterAll(() => h.close());

const NOT_FOUND = { message: "Challenge not found" };
const DAY = 86_400_000;
const yesterday = () => new Date(Date.now() - DAY).toISOString().slice(0, 10);

async function sharedChallenge() {
  const challenge = await createChallenge(creator.client);
  await join(member.client, challenge.inviteCode);
  return challenge as { id: number; inviteCode: string };
}

async function record(golfer: Golfer, challengeId: number, holeNumber: number, score: number) {
  const res = await golfer.client.post("/api/birdies", {
    challengeId,
    holeNumber,
    score,
    date: yesterday(),
    verifiedBy: { name: "Pat Partner", signature: "P. Partner" },
  });
  expect(res.status).toBe(201);
}

const chatLines = async (challengeId: number) =>
  (await h.caller(creator.user).chat.list({ challengeId })).messages.map((m) => m.message);

describe("POST /api/challenges/{id}/leave", () => {
  test("a player leaves: records go, the board drops them, the room reads '{name} left the challenge'", async () => {
    const c = await sharedChallenge();
    await record(member, c.id, 3, 3);
    await record(member, c.id, 4, 2);
    const before = await h.caller(creator.user).leaderboards.challenge({ challengeId: c.id });
    expect(before.some((e) => e.user.id === member.user.id)).toBe(true);

    const res = await member.client.post(`/api/challenges/${c.id}/leave`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ ok: true });

    expect((await member.client.get(`/api/challenges/${c.id}`)).json).toEqual(NOT_FOUND);
    const left = await h.db
      .select()
      .from(birdieRecords)
      .where(and(eq(birdieRecords.challengeId, c.id), eq(birdieRecords.userId, member.user.id)));
    expect(left).toEqual([]);
    const after = await h.caller(creator.user).leaderboards.challenge({ challengeId: c.id });
    expect(after.map((e) => e.user.id)).toEqual([creator.user.id]);
    expect((await chatLines(c.id)).at(-1)).toBe("Mo Member left the challenge");

    // Leaving again: no longer a member, so the challenge is "not found" as for any outsider.
    expect((await member.client.post(`/api/challenges/${c.id}/leave`)).json).toEqual(NOT_FOUND);
    // The invite link still lets them back in, with a clean slate.
    await join(member.client, c.inviteCode);
    await record(member, c.id, 3, 3);
  });

  test("the creator cannot leave (403); outsiders get 404; signed out 401; tRPC twin", async () => {
    const c = await sharedChallenge();
    const own = await creator.client.post(`/api/challenges/${c.id}/leave`);
    expect(own.status).toBe(403);
    expect(own.json).toEqual({
      message: "The creator cannot leave the challenge. Hand it to another member first or delete it.",
    });
    const stranger = await outsider.client.post(`/api/challenges/${c.id}/leave`);
    expect(stranger.status).toBe(404);
    expect(stranger.json).toEqual(NOT_FOUND);
    expect((await new RestClient(h.app).post(`/api/challenges/${c.id}/leave`)).status).toBe(401);
    expect((await member.client.post("/api/challenges/abc/leave")).json).toEqual({ message: "Invalid challenge id" });
    await expect(h.caller(creator.user).challenges.leave({ id: c.id })).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await h.caller(member.user).challenges.leave({ id: c.id })).toEqual({ ok: true });
    expect((await creator.client.get(`/api/challenges/${c.id}`)).json.playerCount).toBe(1);
  });
});

describe("POST /api/challenges/{id}/transfer", () => {
  test("the creator hands over: the new creator holds every creator right, the old one plays on", async () => {
    const c = await sharedChallenge();
    const res = await creator.client.post(`/api/challenges/${c.id}/transfer`, { userId: member.user.id });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: c.id, creatorId: member.user.id });
    const [row] = await h.db.select().from(challenges).where(eq(challenges.id, c.id));
    expect(row.creatorId).toBe(member.user.id);
    expect((await chatLines(c.id)).at(-1)).toBe("Carla Creator handed the challenge over to Mo Member");

    const players = (await member.client.get(`/api/challenges/${c.id}/players`)).json as {
      id: number;
      isCreator: boolean;
    }[];
    expect(players.map((p) => [p.id, p.isCreator])).toEqual([
      [creator.user.id, false],
      [member.user.id, true],
    ]);
    // The old creator may now leave, and no longer edit; the new one edits.
    expect((await creator.client.patch(`/api/challenges/${c.id}`, { name: "Taken Over" })).status).toBe(403);
    expect((await member.client.patch(`/api/challenges/${c.id}`, { name: "Taken Over" })).status).toBe(200);
    expect((await member.client.post(`/api/challenges/${c.id}/leave`)).status).toBe(403);
    expect((await creator.client.post(`/api/challenges/${c.id}/leave`)).status).toBe(200);
  });

  test("403 for anyone but the creator, 400 for a target who is not a member, 404 for outsiders", async () => {
    const c = await sharedChallenge();
    const byMember = await member.client.post(`/api/challenges/${c.id}/transfer`, { userId: member.user.id });
    expect(byMember.status).toBe(403);
    expect(byMember.json).toEqual({ message: "Only the creator can hand the challenge over" });

    const notMember = await creator.client.post(`/api/challenges/${c.id}/transfer`, { userId: outsider.user.id });
    expect(notMember.status).toBe(400);
    expect(notMember.json).toEqual({ message: "That golfer is not a member of this challenge" });
    const noSuchUser = await creator.client.post(`/api/challenges/${c.id}/transfer`, { userId: 99_999_999 });
    expect(noSuchUser.status).toBe(400);
    const self = await creator.client.post(`/api/challenges/${c.id}/transfer`, { userId: creator.user.id });
    expect(self.status).toBe(400);
    expect(self.json).toEqual({ message: "You already run this challenge" });

    expect((await outsider.client.post(`/api/challenges/${c.id}/transfer`, { userId: outsider.user.id })).json).toEqual(
      NOT_FOUND,
    );
    expect((await creator.client.post(`/api/challenges/${c.id}/transfer`, {})).status).toBe(400);
    expect((await creator.client.post(`/api/challenges/${c.id}/transfer`, { userId: "x" })).status).toBe(400);
    expect((await new RestClient(h.app).post(`/api/challenges/${c.id}/transfer`, { userId: 1 })).status).toBe(401);

    await expect(h.caller(member.user).challenges.transfer({ id: c.id, userId: member.user.id })).rejects.toMatchObject(
      { code: "FORBIDDEN" },
    );
    await expect(
      h.caller(creator.user).challenges.transfer({ id: c.id, userId: outsider.user.id }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const [row] = await h.db.select().from(challenges).where(eq(challenges.id, c.id));
    expect(row.creatorId).toBe(creator.user.id);
    expect((await h.caller(creator.user).challenges.transfer({ id: c.id, userId: member.user.id })).creatorId).toBe(
      member.user.id,
    );
  });
});

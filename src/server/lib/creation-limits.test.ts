import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { chatMessages } from "../db/schema/chat";
import { TOO_MANY_CHALLENGES, TOO_MANY_INVITE_RESETS } from "../features/challenges/commands";
import { TOO_MANY_CHAT_MESSAGES } from "../features/chat/service";
import { TOO_MANY_COURSES } from "../features/courses/service";
import { challengeWindow, createChallenge, createCourse, join, unique } from "../test/harness/challenge-fixtures";
import { createTestHarness, signUp, type TestHarness } from "../test/harness/harness";

// Issue 13 row 16: per-user limits on what golfers write (production limits, RATE_LIMIT_SCALE 1).
let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness({ env: { RATE_LIMIT_SCALE: "1" } });
}, 120_000);
afterAll(() => h.close());

describe("chat messages", () => {
  test("30 a minute per golfer; the 31st is 429 { message } and is not stored; others still talk", async () => {
    const owner = await signUp(h);
    const friend = await signUp(h);
    const challenge = await createChallenge(owner.client);
    await join(friend.client, challenge.inviteCode);
    const path = `/api/challenges/${challenge.id}/chat`;
    for (let i = 0; i < 30; i++) expect((await owner.client.post(path, { message: `line ${i}` })).status).toBe(201);
    const flood = await owner.client.post(path, { message: "one too many" });
    expect(flood.status).toBe(429);
    expect(flood.json).toEqual({ message: TOO_MANY_CHAT_MESSAGES });
    expect(flood.headers.get("retry-after")).toBeTruthy();
    await expect(
      h.caller(owner.user).chat.send({ challengeId: challenge.id, message: "over tRPC" }),
    ).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS", message: TOO_MANY_CHAT_MESSAGES });

    const stored = await h.db
      .select({ message: chatMessages.message })
      .from(chatMessages)
      .where(eq(chatMessages.userId, owner.user.id));
    expect(stored).toHaveLength(30);
    expect((await friend.client.post(path, { message: "my turn" })).status).toBe(201);
  });
});

describe("courses, challenges and invite codes", () => {
  test("20 new courses an hour per golfer, taken names included; the tRPC twin shares the count", async () => {
    const golfer = await signUp(h);
    const taken = await createCourse(golfer.client);
    for (let i = 0; i < 18; i++) await createCourse(golfer.client);
    expect((await golfer.client.post("/api/courses", { name: taken.name })).status).toBe(409);
    const over = await golfer.client.post("/api/courses", { name: unique("Course") });
    expect(over.status).toBe(429);
    expect(over.json).toEqual({ message: TOO_MANY_COURSES });
    await expect(h.caller(golfer.user).courses.create({ name: unique("Course") })).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
    });
    // Another golfer is not affected.
    await createCourse((await signUp(h)).client);
  });

  test("20 new challenges an hour per golfer", async () => {
    const golfer = await signUp(h);
    const course = await createCourse(golfer.client);
    const body = () => ({ name: unique("Challenge"), ...challengeWindow(), courseIds: [course.id] });
    for (let i = 0; i < 20; i++) expect((await golfer.client.post("/api/challenges", body())).status).toBe(201);
    const over = await golfer.client.post("/api/challenges", body());
    expect(over.status).toBe(429);
    expect(over.json).toEqual({ message: TOO_MANY_CHALLENGES });
    await expect(h.caller(golfer.user).challenges.create(body())).rejects.toMatchObject({
      code: "TOO_MANY_REQUESTS",
      message: TOO_MANY_CHALLENGES,
    });
  });

  test("10 new invite codes an hour per golfer; the codes stay as they were", async () => {
    const golfer = await signUp(h);
    const challenge = await createChallenge(golfer.client);
    const path = `/api/challenges/${challenge.id}/invite/regenerate`;
    let last: { inviteCode: string } | undefined;
    for (let i = 0; i < 10; i++) {
      const res = await golfer.client.post(path);
      expect(res.status).toBe(200);
      last = res.json;
    }
    const over = await golfer.client.post(path);
    expect(over.status).toBe(429);
    expect(over.json).toEqual({ message: TOO_MANY_INVITE_RESETS });
    const after = await golfer.client.get(`/api/challenges/${challenge.id}`);
    expect(after.json.inviteCode).toBe(last?.inviteCode);
  });
});

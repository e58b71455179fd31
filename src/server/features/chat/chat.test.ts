import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { chatMessages } from "../../db/schema/chat";
import { users } from "../../db/schema/users";
import { createChallenge, join } from "../../test/harness/challenge-fixtures";
import { createTestHarness, signUp, type TestHarness } from "../../test/harness/harness";
import { displayNameOf } from "../users/queries";
import { announceJoin, announceLeave, postSystemMessage, postSystemMessages, systemText } from "./public";

let h: TestHarness;
type Golfer = Awaited<ReturnType<typeof signUp>>;
let owner: Golfer;
let friend: Golfer;
let stranger: Golfer;
beforeAll(async () => {
  h = await createTestHarness();
  owner = await signUp(h, { displayName: "Olive Owner" });
  friend = await signUp(h, { displayName: "Fred Friend" });
  stranger = await signUp(h, { displayName: "Stan Stranger" });
}, 30_000);
afterAll(() => h.close(), 120_000);

const NOT_FOUND = { message: "Challenge not found" };

/** A challenge of owner's that friend has joined. */
async function room() {
  const challenge = await createChallenge(owner.client);
  await join(friend.client, challenge.inviteCode);
  // Joining writes "Fred Friend joined the challenge"; these tests start from an empty room.
  const joined = await h.db.delete(chatMessages).where(eq(chatMessages.challengeId, challenge.id)).returning();
  expect(joined.map((m) => m.message)).toEqual(["Fred Friend joined the challenge"]);
  return challenge as { id: number; inviteCode: string };
}

describe("POST /api/challenges/{challengeId}/chat", () => {
  test("a member's message is stored trimmed and answered 201 with the shape of docs/product/api.md#chatmessage", async () => {
    const { id } = await room();
    const res = await friend.client.post(`/api/challenges/${id}/chat`, { message: "  Fore!  " });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      id: expect.any(Number),
      challengeId: id,
      type: "user",
      message: "Fore!",
      createdAt: expect.any(String),
      user: { id: friend.user.id, displayName: "Fred Friend", profilePicture: null },
    });
    expect(Number.isNaN(Date.parse(res.json.createdAt))).toBe(false);
  });

  const invalid: [string, unknown, string][] = [
    ["blank", { message: "   \n\t " }, "Message cannot be empty"],
    ["empty", { message: "" }, "Message cannot be empty"],
    ["missing", {}, "Message cannot be empty"],
    ["not text", { message: 42 }, "Message cannot be empty"],
    ["1001 characters long", { message: "x".repeat(1001) }, "Message must be at most 1000 characters"],
  ];
  for (const [name, body, message] of invalid) {
    test(`400 when the message is ${name}: '${message}'`, async () => {
      const { id } = await room();
      const res = await owner.client.post(`/api/challenges/${id}/chat`, body);
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ message });
    });
  }

  test("1000 characters after trimming is allowed, however much space surrounds them", async () => {
    const { id } = await room();
    const res = await owner.client.post(`/api/challenges/${id}/chat`, { message: `   ${"y".repeat(1000)}   ` });
    expect(res.status).toBe(201);
    expect(res.json.message).toHaveLength(1000);
  });

  test("members only: a non-member and an unknown challenge get 404, signed-out 401, another userId 403", async () => {
    const { id } = await room();
    expect(await stranger.client.post(`/api/challenges/${id}/chat`, { message: "let me in" })).toMatchObject({
      status: 404,
      json: NOT_FOUND,
    });
    expect(await owner.client.post(`/api/challenges/999999/chat`, { message: "hello?" })).toMatchObject({
      status: 404,
      json: NOT_FOUND,
    });
    const signedOut = await signUp(h);
    await signedOut.client.post("/api/logout");
    expect((await signedOut.client.post(`/api/challenges/${id}/chat`, { message: "hi" })).status).toBe(401);
    expect(
      (await owner.client.post(`/api/challenges/${id}/chat?userId=${friend.user.id}`, { message: "as Fred" })).status,
    ).toBe(403);
    expect(await h.db.$count(chatMessages, eq(chatMessages.challengeId, id))).toBe(0);
  });

  test("a cross-site post is refused before it is stored", async () => {
    const { id } = await room();
    const res = await owner.client.post(
      `/api/challenges/${id}/chat`,
      { message: "csrf" },
      { Origin: "https://evil.example" },
    );
    expect(res.status).toBe(403);
    expect(await h.db.$count(chatMessages, eq(chatMessages.challengeId, id))).toBe(0);
  });
});

describe("GET /api/challenges/{challengeId}/chat", () => {
  test("every member reads the room, oldest first, with authors; non-members get 404", async () => {
    const { id } = await room();
    await owner.client.post(`/api/challenges/${id}/chat`, { message: "Morning all" });
    await friend.client.post(`/api/challenges/${id}/chat?userId=${friend.user.id}`, { message: "Tee time 8:10" });
    for (const client of [owner.client, friend.client]) {
      const res = await client.get(`/api/challenges/${id}/chat`);
      expect(res.status).toBe(200);
      expect(
        res.json.map((m: { message: string; user: { displayName: string } }) => [m.user.displayName, m.message]),
      ).toEqual([
        ["Olive Owner", "Morning all"],
        ["Fred Friend", "Tee time 8:10"],
      ]);
      expect(res.headers.get("X-Next-Cursor")).toBeNull();
    }
    expect(await stranger.client.get(`/api/challenges/${id}/chat`)).toMatchObject({ status: 404, json: NOT_FOUND });
    expect(await owner.client.get(`/api/challenges/abc/chat`)).toMatchObject({
      status: 400,
      json: { message: "Invalid challenge id" },
    });
  });

  test("an empty room is an empty list", async () => {
    const { id } = await room();
    expect(await owner.client.get(`/api/challenges/${id}/chat`)).toMatchObject({ status: 200, json: [] });
  });

  test("pages: the newest page, then older pages by the X-Next-Cursor header, until none is left", async () => {
    const { id } = await room();
    for (let i = 1; i <= 7; i++) await owner.client.post(`/api/challenges/${id}/chat`, { message: `m${i}` });
    const texts = (res: { json: { message: string }[] }) => res.json.map((m) => m.message);

    const first = await owner.client.get(`/api/challenges/${id}/chat?limit=3`);
    expect(texts(first)).toEqual(["m5", "m6", "m7"]);
    const cursor = first.headers.get("X-Next-Cursor");
    expect(Number(cursor)).toBe(first.json[0].id);

    const second = await owner.client.get(`/api/challenges/${id}/chat?limit=3&cursor=${cursor}`);
    expect(texts(second)).toEqual(["m2", "m3", "m4"]);
    const third = await owner.client.get(
      `/api/challenges/${id}/chat?limit=3&cursor=${second.headers.get("X-Next-Cursor")}`,
    );
    expect(texts(third)).toEqual(["m1"]);
    expect(third.headers.get("X-Next-Cursor")).toBeNull();
  });

  test("the default page is the newest 50; limit is 1-100", async () => {
    const { id } = await room();
    for (let i = 1; i <= 55; i++) await postSystemMessage(h.db, id, `note ${i}`);
    const page = await owner.client.get(`/api/challenges/${id}/chat`);
    expect(page.json).toHaveLength(50);
    expect(page.json[0].message).toBe("note 6");
    expect(page.json[49].message).toBe("note 55");
    for (const limit of ["0", "101", "abc", "2.5"]) {
      expect(await owner.client.get(`/api/challenges/${id}/chat?limit=${limit}`)).toMatchObject({
        status: 400,
        json: { message: "Limit must be between 1 and 100" },
      });
    }
    expect((await owner.client.get(`/api/challenges/${id}/chat?limit=100`)).json).toHaveLength(55);
  });

  test("after: a reconnecting client catches up on exactly what it missed, oldest first", async () => {
    const { id } = await room();
    const seen = (await owner.client.post(`/api/challenges/${id}/chat`, { message: "last one I saw" })).json.id;
    for (const text of ["missed 1", "missed 2", "missed 3"])
      await friend.client.post(`/api/challenges/${id}/chat`, { message: text });
    const res = await owner.client.get(`/api/challenges/${id}/chat?after=${seen}`);
    expect(res.json.map((m: { message: string }) => m.message)).toEqual(["missed 1", "missed 2", "missed 3"]);
    const partial = await owner.client.get(`/api/challenges/${id}/chat?after=${seen}&limit=2`);
    expect(partial.json.map((m: { message: string }) => m.message)).toEqual(["missed 1", "missed 2"]);
    const rest = await owner.client.get(`/api/challenges/${id}/chat?after=${partial.json[1].id}&limit=2`);
    expect(rest.json.map((m: { message: string }) => m.message)).toEqual(["missed 3"]);
    expect(await owner.client.get(`/api/challenges/${id}/chat?after=${seen}&cursor=${seen}`)).toMatchObject({
      status: 400,
      json: { message: "Use either cursor or after, not both" },
    });
  });

  test("a departed author's messages stay, without a user", async () => {
    const { id, inviteCode } = await room();
    const leaver = await signUp(h, { displayName: "Gone Golfer" });
    await join(leaver.client, inviteCode);
    await leaver.client.post(`/api/challenges/${id}/chat`, { message: "bye" });
    await h.db.delete(users).where(eq(users.id, leaver.user.id));
    const res = await owner.client.get(`/api/challenges/${id}/chat`);
    expect(res.json.filter((m: { type: string }) => m.type === "user")).toEqual([
      expect.objectContaining({ type: "user", message: "bye", user: null }),
    ]);
  });
});

describe("tRPC chat.list and chat.send", () => {
  test("send then list: the same views as REST, with nextCursor for older pages", async () => {
    const { id } = await room();
    const sent = await h.caller(friend.user).chat.send({ challengeId: id, message: "  via tRPC " });
    expect(sent).toMatchObject({
      challengeId: id,
      type: "user",
      message: "via tRPC",
      user: { id: friend.user.id, displayName: "Fred Friend" },
    });
    await h.caller(owner.user).chat.send({ challengeId: id, message: "second" });
    await h.caller(owner.user).chat.send({ challengeId: id, message: "third" });

    const newest = await h.caller(owner.user).chat.list({ challengeId: id, limit: 2 });
    expect(newest.messages.map((m) => m.message)).toEqual(["second", "third"]);
    expect(newest.nextCursor).toBe(newest.messages[0].id);
    const older = await h.caller(owner.user).chat.list({ challengeId: id, limit: 2, cursor: newest.nextCursor! });
    expect(older).toEqual({ messages: [sent], nextCursor: null });
  });

  test("members only (NOT_FOUND), signed-out UNAUTHORIZED, and the validation messages of docs/product/texts-and-messages.md#chat-fields", async () => {
    const { id } = await room();
    await expect(h.caller(stranger.user).chat.list({ challengeId: id })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "Challenge not found",
    });
    await expect(h.caller(stranger.user).chat.send({ challengeId: id, message: "hi" })).rejects.toMatchObject({
      code: "NOT_FOUND",
      message: "Challenge not found",
    });
    await expect(h.caller(null).chat.list({ challengeId: id })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(h.caller(owner.user).chat.send({ challengeId: id, message: "  " })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Message cannot be empty",
    });
    await expect(h.caller(owner.user).chat.send({ challengeId: id, message: "z".repeat(1001) })).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: "Message must be at most 1000 characters",
    });
  });
});

describe("system messages", () => {
  test("the helpers write the texts of docs/product/rules.md#system-messages as system messages without a user", async () => {
    const { id } = await room();
    await announceJoin(h.db, id, "Fred Friend");
    // Recording announces its records and achievements in one insert, in order.
    await postSystemMessages(h.db, id, [
      systemText.recorded("Fred Friend", 7, "birdie"),
      systemText.recorded("Olive Owner", 12, "eagle"),
      systemText.earned("Fred Friend", "First Birdie"),
    ]);
    await announceLeave(h.db, id, "Fred Friend", false);
    await announceLeave(h.db, id, "Stan Stranger", true);
    const { messages } = await h.caller(owner.user).chat.list({ challengeId: id });
    expect(messages.map((m) => [m.type, m.user, m.message])).toEqual([
      ["system", null, "Fred Friend joined the challenge"],
      ["system", null, "Fred Friend recorded a birdie on hole 7"],
      ["system", null, "Olive Owner recorded an eagle on hole 12"],
      ["system", null, "Fred Friend earned First Birdie"],
      ["system", null, "Fred Friend left the challenge"],
      ["system", null, "Stan Stranger was removed from the challenge"],
    ]);
  });

  test("written inside a caller's transaction, they share its fate", async () => {
    const { id } = await room();
    await h.db
      .transaction(async (tx) => {
        await announceJoin(tx, id, "Rolled Back");
        throw new Error("the join failed");
      })
      .catch(() => {});
    await h.db.transaction((tx) => announceJoin(tx, id, "Committed"));
    const { messages } = await h.caller(owner.user).chat.list({ challengeId: id });
    expect(messages.map((m) => m.message)).toEqual(["Committed joined the challenge"]);
  });

  test("displayNameOf names a user for these texts, 'Unknown User' when there is none", async () => {
    expect(await displayNameOf(h.db, friend.user.id)).toBe("Fred Friend");
    expect(await displayNameOf(h.db, 987654)).toBe("Unknown User");
  });

  test("an over-long server text is shortened rather than failing the caller", async () => {
    const { id } = await room();
    const view = await postSystemMessage(h.db, id, systemText.earned("N".repeat(50), "A".repeat(2000)));
    expect(view.message).toHaveLength(1000);
    await postSystemMessages(h.db, id, [systemText.earned("M".repeat(50), "B".repeat(2000))]);
    const { messages } = await h.caller(owner.user).chat.list({ challengeId: id });
    expect(messages.at(-1)!.message).toHaveLength(1000);
  });
});

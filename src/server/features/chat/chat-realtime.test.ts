import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { connect } from "node:net";
import { startServer, type RunningServer } from "../../server";
import { createChallenge, join } from "../../test/harness/challenge-fixtures";
import { createTestDatabase, testEnv } from "../../test/harness/harness";
import { signUpAt, TestSocket } from "../../test/harness/test-socket";
import { announceJoin } from "./public";

// /ws chat rooms against a real server: delivery goes through the database (trigger + LISTEN), so
// these run the same path production does, on PGlite by default and PostgreSQL in CI.

let server: RunningServer;
let origin: string;
type Golfer = Awaited<ReturnType<typeof signUpAt>>;
let owner: Golfer;
let friend: Golfer;
let stranger: Golfer;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  server = await startServer(testEnv({ PORT: "0" }), { database: await createTestDatabase() });
  origin = server.url;
  owner = await signUpAt(origin, "Olive Owner");
  friend = await signUpAt(origin, "Fred Friend");
  stranger = await signUpAt(origin, "Stan Stranger");
}, 30_000);
afterAll(async () => {
  for (const s of sockets) s.close();
  await server.stop();
}, 120_000);

async function socketOf(golfer: Golfer) {
  const socket = await TestSocket.open(origin, golfer.cookie);
  sockets.push(socket);
  return socket;
}

/** A challenge of owner's that friend has joined. */
async function room(): Promise<number> {
  const challenge = await createChallenge(owner.client);
  await join(friend.client, challenge.inviteCode);
  return challenge.id;
}

const post = (golfer: Golfer, challengeId: number, message: string) =>
  golfer.client.post(`/api/challenges/${challengeId}/chat`, { message });
const isChat = (text: string) => (e: any) => e.type === "chat_message" && e.data.message?.message === text;

describe("JOIN_CHALLENGE_CHAT", () => {
  test("a member joins: JOINED_CHALLENGE_CHAT {challengeId}, with or without naming themself", async () => {
    const id = await room();
    const socket = await socketOf(friend);
    expect(await socket.join(id)).toEqual({ type: "JOINED_CHALLENGE_CHAT", challengeId: id });
    expect(await socket.join(id, friend.id)).toEqual({ type: "JOINED_CHALLENGE_CHAT", challengeId: id });
  });

  test("a non-member is refused with an error and hears nothing from the room", async () => {
    const id = await room();
    const socket = await socketOf(stranger);
    expect(await socket.join(id, stranger.id)).toEqual({
      type: "ERROR",
      message: "Challenge not found",
      challengeId: id,
    });
    expect(await socket.join(987654)).toEqual({ type: "ERROR", message: "Challenge not found", challengeId: 987654 });
    const member = await socketOf(owner);
    await member.join(id);
    const delivered = member.next(isChat("members only"));
    await post(owner, id, "members only");
    await delivered;
    await socket.expectNone("members only", 100);
  });

  test("naming another user, or no valid challenge, is refused", async () => {
    const id = await room();
    const socket = await socketOf(friend);
    expect(await socket.join(id, owner.id)).toEqual({
      type: "ERROR",
      message: "You can only act as yourself",
      challengeId: id,
    });
    for (const bad of [0, -1, "abc", 1.5]) {
      expect(await socket.join(bad as number)).toEqual({ type: "ERROR", message: "Invalid challenge id" });
    }
  });
});

describe("chat_message delivery", () => {
  test("a message posted over REST reaches the room's sockets with the full message, not another room's", async () => {
    const id = await room();
    const other = await room();
    const mine = await socketOf(owner);
    const theirs = await socketOf(friend);
    const elsewhere = await socketOf(friend);
    await mine.join(id);
    await theirs.join(id);
    await elsewhere.join(other);

    const arrivals = [mine.next(isChat("Birdie on 3!")), theirs.next(isChat("Birdie on 3!"))];
    const sent = await post(friend, id, "  Birdie on 3!  ");
    expect(sent.status).toBe(201);
    for (const event of await Promise.all(arrivals)) {
      expect(event).toEqual({ type: "chat_message", data: { challengeId: id, message: sent.json } });
    }
    await elsewhere.expectNone("Birdie on 3!", 100);
  });

  test("a message sent through tRPC's HTTP endpoint is delivered too", async () => {
    const id = await room();
    const socket = await socketOf(owner);
    await socket.join(id);
    const arrival = socket.next(isChat("over trpc"));
    const res = await friend.client.post("/trpc/chat.send", { challengeId: id, message: "over trpc" });
    expect(res.status).toBe(200);
    expect((await arrival).data.message.user.displayName).toBe("Fred Friend");
  });

  test("LEAVE_CHALLENGE_CHAT stops delivery; joining another room moves the socket (one room at a time)", async () => {
    const first = await room();
    const second = await room();
    const socket = await socketOf(friend);
    const witness = await socketOf(owner);
    await witness.join(first);

    await socket.join(first);
    await socket.join(second);
    let seen = witness.next(isChat("after the move"));
    await post(owner, first, "after the move");
    await seen;
    await socket.expectNone("after the move", 100);

    socket.send({ type: "LEAVE_CHALLENGE_CHAT" });
    await Bun.sleep(50);
    await witness.join(second);
    seen = witness.next(isChat("after leaving"));
    await post(owner, second, "after leaving");
    await seen;
    await socket.expectNone("after leaving", 100);
  });

  test("a system message written inside a transaction is delivered on commit, never on rollback", async () => {
    const id = await room();
    const socket = await socketOf(owner);
    await socket.join(id);
    const db = server.deps.database.db;
    await db
      .transaction(async (tx) => {
        await announceJoin(tx, id, "Ghost");
        throw new Error("rolled back");
      })
      .catch(() => {});
    const committed = socket.next(isChat("Real Golfer joined the challenge"));
    await db.transaction((tx) => announceJoin(tx, id, "Real Golfer"));
    expect((await committed).data.message).toMatchObject({ type: "system", user: null, challengeId: id });
    await socket.expectNone("Ghost joined the challenge", 50);
  });

  test("removal from the challenge drops the player's socket from the room, and they cannot rejoin", async () => {
    const id = await room();
    const removed = await socketOf(friend);
    const witness = await socketOf(owner);
    await removed.join(id);
    await witness.join(id);

    const res = await owner.client.delete(`/api/challenges/${id}/players/${friend.id}`);
    expect(res.status).toBe(200);
    await Bun.sleep(100);
    const seen = witness.next(isChat("after the removal"));
    await post(owner, id, "after the removal");
    await seen;
    await removed.expectNone("after the removal", 100);
    expect(await removed.join(id)).toEqual({ type: "ERROR", message: "Challenge not found", challengeId: id });
  });

  test("a client that reconnects catches up from the last id it saw: nothing is lost", async () => {
    const id = await room();
    const socket = await socketOf(owner);
    await socket.join(id);
    const seen = socket.next(isChat("before the drop"));
    await post(friend, id, "before the drop");
    const lastSeen = (await seen).data.message.id;
    socket.close();
    await socket.closed;

    for (const text of ["while away 1", "while away 2"]) await post(friend, id, text);
    const again = await socketOf(owner);
    expect(await again.join(id)).toMatchObject({ type: "JOINED_CHALLENGE_CHAT" });
    const missed = await owner.client.get(`/api/challenges/${id}/chat?after=${lastSeen}`);
    expect(missed.json.map((m: { message: string }) => m.message)).toEqual(["while away 1", "while away 2"]);
    const live = again.next(isChat("back again"));
    await post(friend, id, "back again");
    await live;
  });
});

describe("socket limits", () => {
  test("more than 20 messages in 10 s closes the socket with 1008", async () => {
    const socket = await socketOf(owner);
    for (let i = 0; i < 25; i++) socket.send({ type: "LEAVE_CHALLENGE_CHAT" });
    expect(await Promise.race([socket.closed, Bun.sleep(2000).then(() => -1)])).toBe(1008);
  });

  test("a frame over 16 KB closes the socket", async () => {
    const socket = await socketOf(owner);
    socket.send(JSON.stringify({ type: "LEAVE_CHALLENGE_CHAT", pad: "x".repeat(17 * 1024) }));
    expect(await Promise.race([socket.closed, Bun.sleep(2000).then(() => -1)])).toBe(1009);
  });

  test("a reader that stops reading is closed once 1 MB is waiting for it", async () => {
    const { host, port } = new URL(origin);
    const existing = new Set(server.realtime.sockets);
    // A raw client that completes the handshake and then never reads again.
    const raw = connect({ host: host.split(":")[0], port: Number(port) });
    await new Promise<void>((resolve) => raw.once("connect", () => resolve()));
    raw.write(
      [
        "GET /ws HTTP/1.1",
        `Host: ${host}`,
        "Upgrade: websocket",
        "Connection: Upgrade",
        "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==",
        "Sec-WebSocket-Version: 13",
        `Origin: ${origin}`,
        `Cookie: ${stranger.cookie}`,
        "",
        "",
      ].join("\r\n"),
    );
    await new Promise<void>((resolve) => raw.once("data", () => resolve()));
    raw.pause();
    const before = server.realtime.sockets.size;
    await Bun.sleep(50);
    const stalled = [...server.realtime.sockets].find((ws) => !existing.has(ws))!;
    expect(stalled).toBeDefined();
    const chunk = "x".repeat(64 * 1024);
    let closedAfter = -1;
    for (let i = 0; i < 1000 && server.realtime.sockets.has(stalled); i++) {
      if (stalled.readyState !== WebSocket.OPEN) break;
      stalled.send(chunk);
      closedAfter = i;
      await Bun.sleep(0);
    }
    await Bun.sleep(100);
    expect(server.realtime.sockets.has(stalled)).toBe(false);
    expect(server.realtime.sockets.size).toBe(before - 1);
    // Closed well before everything offered (64 MB) was buffered for it.
    expect(closedAfter).toBeLessThan(999);
    raw.destroy();
  });
});

describe("amended round lines (ADR 0028)", () => {
  test("deleting a record amends its round's line live, and the last one removes it live", async () => {
    const challenge = await createChallenge(owner.client);
    await join(friend.client, challenge.inviteCode);
    const listener = await socketOf(owner);
    await listener.join(challenge.id);
    const date = new Date().toISOString().slice(0, 10);
    const posted = listener.next(
      (e) => e.type === "chat_message" && /recorded 2 birdies/.test(e.data.message?.message),
    );
    const round = await friend.client.post("/trpc/birdies.recordRound", {
      challengeId: challenge.id,
      date,
      holes: [
        { holeNumber: 3, score: 3 },
        { holeNumber: 7, score: 3 },
      ],
      verifiedBy: { name: "Pat Partner", signature: "P. Partner" },
    });
    expect(round.status).toBe(200);
    const line = (await posted).data.message;
    expect(line.message).toBe("Fred Friend recorded 2 birdies: holes 3, 7");
    const records = (round.json as { result: { data: { records: { id: number; holeNumber: number }[] } } }).result.data
      .records;
    const idOf = (hole: number) => records.find((r) => r.holeNumber === hole)!.id;

    const amended = listener.next((e) => e.type === "chat_message_changed");
    expect((await friend.client.delete(`/api/birdies/${idOf(3)}`)).status).toBe(200);
    expect(await amended).toEqual({
      type: "chat_message_changed",
      data: {
        challengeId: challenge.id,
        id: line.id,
        message: { ...line, message: "Fred Friend recorded a birdie on hole 7" },
      },
    });

    const removed = listener.next((e) => e.type === "chat_message_changed");
    expect((await friend.client.delete(`/api/birdies/${idOf(7)}`)).status).toBe(200);
    expect(await removed).toEqual({
      type: "chat_message_changed",
      data: { challengeId: challenge.id, id: line.id, message: null },
    });
  });
});

import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { users } from "../db/schema/users";
import { createChallenge, join } from "../test/harness/challenge-fixtures";
import { twoInstances } from "../test/harness/instances";
import { serverClient, signUpAt as signUpFrom, TestSocket } from "../test/harness/test-socket";
import { MAX_SOCKETS_PER_ADDRESS, MAX_SOCKETS_PER_USER, TOO_MANY_SOCKETS } from "./ws";

// Issue 13 rows 14 and 15, and shared rate limits across processes. Two instances on one database
// (B is another OS process in the PostgreSQL pass, see test/harness/instances.ts).

const postgresUrl = process.env.TEST_DATABASE_URL;
/** The deadline row 14 names: a revoked socket is cut within one second, on every instance. */
const CUT_WITHIN_MS = 1000;
// Production limits and socket caps (RATE_LIMIT_SCALE 1) on both instances; addresses come from
// X-Forwarded-For (TRUST_PROXY), so each sign-up here can come from an address of its own.
const ENV = { RATE_LIMIT_SCALE: "1", TRUST_PROXY: "1" };

const two = twoInstances(ENV);

/** Resolves with the close code, or rejects when the socket is still open after the deadline. */
function closedWithin(socket: TestSocket, ms: number): Promise<number> {
  return Promise.race([
    socket.closed,
    Bun.sleep(ms).then(() => Promise.reject(new Error(`socket still open after ${ms} ms`))),
  ]);
}

let addressSeq = 0;
/** Sign-ups from addresses of their own: this file signs up more golfers than one address may. */
const signUpAt = (origin: string, name: string) =>
  signUpFrom(origin, name, { "X-Forwarded-For": `198.51.100.${++addressSeq}` });

const isChat = (text: string) => (e: any) => e.type === "chat_message" && e.data.message?.message === text;

/** A golfer with a challenge and a friend in it; the golfer also signed in on a second device. */
async function scene() {
  const golfer = await signUpAt(two.a.url, "Gail Golfer");
  const friend = await signUpAt(two.a.url, "Fred Friend");
  const challenge = await createChallenge(golfer.client);
  await join(friend.client, challenge.inviteCode);
  const login = await golfer.client.get("/api/user");
  const secondDevice = serverClient(two.a.url);
  const signedIn = await secondDevice.post("/api/login", { username: login.json.username, password: "birdie123" });
  expect(signedIn.status).toBe(200);
  const secondCookie = `session=${secondDevice.cookies.get("session")}`;
  return { golfer, friend, challenge, secondDevice, secondCookie };
}

describe(`sockets end with their session on every instance (${postgresUrl ? "two processes" : "PGlite, one process"})`, () => {
  test("logout on A closes that session's socket on B at once; the user's other session keeps its room", async () => {
    const { golfer, friend, challenge, secondCookie } = await scene();
    const leaving = await TestSocket.open(two.b.origin, golfer.cookie);
    const staying = await TestSocket.open(two.b.origin, secondCookie);
    try {
      for (const s of [leaving, staying]) expect((await s.join(challenge.id)).type).toBe("JOINED_CHALLENGE_CHAT");
      expect((await golfer.client.post("/api/logout")).status).toBe(200);
      expect(await closedWithin(leaving, CUT_WITHIN_MS)).toBe(1008);

      const arrival = staying.next(isChat("still here"));
      await friend.client.post(`/api/challenges/${challenge.id}/chat`, { message: "still here" });
      await arrival;
      expect(leaving.received("still here")).toEqual([]);
    } finally {
      leaving.close();
      staying.close();
    }
  });

  test("a password change closes the other sessions' sockets on both instances; the changing session stays", async () => {
    const { golfer, friend, challenge, secondCookie } = await scene();
    const otherOnA = await TestSocket.open(two.a.url, secondCookie);
    const otherOnB = await TestSocket.open(two.b.origin, secondCookie);
    const mine = await TestSocket.open(two.b.origin, golfer.cookie);
    try {
      for (const s of [otherOnA, otherOnB, mine])
        expect((await s.join(challenge.id)).type).toBe("JOINED_CHALLENGE_CHAT");
      const changed = await golfer.client.put("/api/users/me/password", {
        currentPassword: "birdie123",
        newPassword: "new-birdie-456",
      });
      expect(changed.status).toBe(200);
      await Promise.all([closedWithin(otherOnA, CUT_WITHIN_MS), closedWithin(otherOnB, CUT_WITHIN_MS)]);

      const arrival = mine.next(isChat("after the change"));
      await friend.client.post(`/api/challenges/${challenge.id}/chat`, { message: "after the change" });
      await arrival;
    } finally {
      for (const s of [otherOnA, otherOnB, mine]) s.close();
    }
  });

  test("an admin disabling the user closes all their sockets on both instances", async () => {
    const { golfer, challenge, secondCookie } = await scene();
    const admin = await signUpAt(two.a.url, "Ada Admin");
    await two.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, admin.id));
    const sockets = [
      await TestSocket.open(two.a.url, golfer.cookie),
      await TestSocket.open(two.b.origin, golfer.cookie),
      await TestSocket.open(two.b.origin, secondCookie),
    ];
    try {
      for (const s of sockets) expect((await s.join(challenge.id)).type).toBe("JOINED_CHALLENGE_CHAT");
      const disabled = await admin.client.post("/trpc/admin.users.setDisabled", { userId: golfer.id, disabled: true });
      expect(disabled.status).toBe(200);
      await Promise.all(sockets.map((s) => closedWithin(s, CUT_WITHIN_MS)));
    } finally {
      for (const s of sockets) s.close();
    }
  });

  test("removal from a challenge takes the player's socket on the other instance out of the room at once", async () => {
    const { golfer, friend, challenge } = await scene();
    const friendOnB = await TestSocket.open(two.b.origin, friend.cookie);
    const golferOnA = await TestSocket.open(two.a.url, golfer.cookie);
    try {
      for (const s of [friendOnB, golferOnA]) expect((await s.join(challenge.id)).type).toBe("JOINED_CHALLENGE_CHAT");
      const removed = await golfer.client.delete(`/api/challenges/${challenge.id}/players/${friend.id}`);
      expect(removed.status).toBe(200);
      await Bun.sleep(CUT_WITHIN_MS);
      const arrival = golferOnA.next(isChat("members only"));
      await golfer.client.post(`/api/challenges/${challenge.id}/chat`, { message: "members only" });
      await arrival;
      await friendOnB.expectNone("members only");
    } finally {
      friendOnB.close();
      golferOnA.close();
    }
  });
});

describe("rate limits are shared by the instances", () => {
  test("wrong passwords sent alternately to A and B add up: both refuse the account at that address", async () => {
    const golfer = await signUpAt(two.a.url, "Rita Rate");
    const { username } = (await golfer.client.get("/api/user")).json;
    const address = { "X-Forwarded-For": "192.0.2.44" };
    const onA = serverClient(two.a.url);
    const onB = serverClient(two.b.origin);
    // 5 wrong passwords per address and account.
    for (let i = 0; i < 5; i++) {
      const res = await (i % 2 ? onA : onB).post("/api/login", { username, password: "wrong-pass" }, address);
      expect(res.status).toBe(401);
    }
    for (const client of [onA, onB]) {
      expect((await client.post("/api/login", { username, password: "birdie123" }, address)).status).toBe(429);
    }
  });
});

/** An upgrade request whose answer we can read (a refused upgrade is a plain HTTP response). */
async function upgradeStatus(origin: string, cookie: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${origin}/ws`, {
    headers: {
      Origin: origin,
      Cookie: cookie,
      Connection: "Upgrade",
      Upgrade: "websocket",
      "Sec-WebSocket-Version": "13",
      "Sec-WebSocket-Key": btoa("0123456789abcdef"),
      ...headers,
    },
  });
  return { status: res.status, body: await res.json().catch(() => undefined) };
}

describe("socket caps (row 15)", () => {
  test(`one user gets at most ${MAX_SOCKETS_PER_USER} sockets on an instance; a closed one frees a place`, async () => {
    const golfer = await signUpAt(two.a.url, "Sam Sockets");
    const open: TestSocket[] = [];
    try {
      for (let i = 0; i < MAX_SOCKETS_PER_USER; i++) open.push(await TestSocket.open(two.a.url, golfer.cookie));
      expect(await upgradeStatus(two.a.url, golfer.cookie)).toEqual({
        status: 429,
        body: { message: TOO_MANY_SOCKETS },
      });
      // Another user is not affected.
      const other = await signUpAt(two.a.url, "Olga Other");
      open.push(await TestSocket.open(two.a.url, other.cookie));

      const first = open.shift()!;
      first.close();
      await first.closed;
      // The server sees the close a moment after the client.
      for (let i = 0; i < 50 && two.a.realtime.sockets.size > open.length; i++) await Bun.sleep(20);
      open.push(await TestSocket.open(two.a.url, golfer.cookie));
    } finally {
      for (const s of open) s.close();
    }
  });

  test(`one address gets at most ${MAX_SOCKETS_PER_ADDRESS} sockets on an instance`, async () => {
    const address = { "X-Forwarded-For": "203.0.113.80" };
    const golfers = await Promise.all(
      Array.from({ length: Math.ceil(MAX_SOCKETS_PER_ADDRESS / MAX_SOCKETS_PER_USER) + 1 }, (_, i) =>
        signUpAt(two.a.url, `Club Wifi ${i}`),
      ),
    );
    const open: TestSocket[] = [];
    try {
      for (let i = 0; i < MAX_SOCKETS_PER_ADDRESS; i++) {
        const golfer = golfers[Math.floor(i / MAX_SOCKETS_PER_USER)];
        open.push(await TestSocket.open(two.a.url, golfer.cookie, address));
      }
      const last = golfers[golfers.length - 1];
      expect(await upgradeStatus(two.a.url, last.cookie, address)).toEqual({
        status: 429,
        body: { message: TOO_MANY_SOCKETS },
      });
      // The same golfer from another address gets in.
      open.push(await TestSocket.open(two.a.url, last.cookie, { "X-Forwarded-For": "203.0.113.81" }));
    } finally {
      for (const s of open) s.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { type Database, openDatabase } from "../../db/client";
import { rows } from "../../db/raw";
import { LOAD_DEADLINE_MS } from "../../features/chat/realtime";
import { startServer, type RunningServer } from "../../server";
import { createChallenge } from "../harness/challenge-fixtures";
import { createTestDatabase, testEnv } from "../harness/harness";
import { TcpProxy } from "../harness/tcp-proxy";
import { signUpAt, TestSocket } from "../harness/test-socket";

// Issue 13, row 2: a database that answers while one part of the server cannot reach it.
// The server's pool and its chat listener each go through their own TCP proxy (test/harness/tcp-proxy.ts),
// the health probe goes straight to the database, so each part can be broken alone:
//   - pool stuck (frozen): /api/health says 503 "pool: down" while the database answers, and chat
//     fan-out does not stop silently: the room is told to resync;
//   - listener cut: /api/health says 503 "listener: down"; once it is back (within 5 s), health
//     is 200 and the room is told to resync, so a message sent meanwhile is not lost silently.
// PostgreSQL only (*.pg-test.ts): .ci/run's PostgreSQL pass runs it by name.

if (!process.env.TEST_DATABASE_URL) throw new Error("health-and-fanout.pg-test.ts needs TEST_DATABASE_URL");

const RECOVER_WITHIN_MS = 5_000;

let direct: Database;
let poolProxy: TcpProxy;
let listenProxy: TcpProxy;
let server: RunningServer;
let owner: Awaited<ReturnType<typeof signUpAt>>;
let challengeId: number;
let socket: TestSocket;

beforeAll(async () => {
  direct = await createTestDatabase();
  const [{ name }] = await rows<{ name: string }>(direct.db, sql`select current_database() as name`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const target = { hostname: url.hostname, port: Number(url.port || 5432) };
  poolProxy = new TcpProxy(target).start();
  listenProxy = new TcpProxy(target).start();
  const pooled = await openDatabase({ url: poolProxy.urlFor(url.toString()), max: 3 });
  const listening = await openDatabase({ url: listenProxy.urlFor(url.toString()), max: 1 });
  const database: Database = {
    ...pooled,
    ping: direct.ping,
    listen: listening.listen,
    close: async () => {
      await pooled.close();
      await listening.close();
    },
  };
  server = await startServer(testEnv({ PORT: "0" }), { database });
  owner = await signUpAt(server.url, "Health Hana");
  challengeId = (await createChallenge(owner.client)).id;
  socket = await TestSocket.open(server.url, owner.cookie);
  expect((await socket.join(challengeId)).type).toBe("JOINED_CHALLENGE_CHAT");
}, 60_000);

afterAll(async () => {
  socket?.close();
  poolProxy?.restore();
  listenProxy?.restore();
  await server?.stop();
  poolProxy?.stop();
  listenProxy?.stop();
  await direct?.close();
}, 60_000);

async function health() {
  const start = performance.now();
  const res = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(10_000) });
  return { status: res.status, ms: performance.now() - start, body: (await res.json()) as Record<string, unknown> };
}

async function healthyWithin(ms: number) {
  const until = performance.now() + ms;
  for (;;) {
    const h = await health();
    if (h.status === 200 || performance.now() > until) return h;
    await Bun.sleep(100);
  }
}

/** A chat message committed straight into the database: its NOTIFY reaches the server's listener. */
async function commitMessage(text: string) {
  await direct.db.execute(
    sql`insert into chat_messages (challenge_id, user_id, type, message) values (${challengeId}, ${owner.id}, 'user', ${text})`,
  );
}

describe("health names the part that is down; chat fan-out never stops silently (PostgreSQL)", () => {
  test("all parts up: 200 with database, pool and listener up", async () => {
    const h = await health();
    expect(h.status).toBe(200);
    expect(h.body).toEqual({ ok: true, db: "postgres", database: "up", pool: "up", listener: "up" });
  });

  test("pool stuck while the database answers: 503 pool down; a stuck fan-out load gives way to a resync", async () => {
    poolProxy.freeze();
    try {
      const h = await health();
      expect(h.status).toBe(503);
      expect(h.body).toEqual({
        ok: false,
        db: "postgres",
        message: "Database pool unavailable",
        database: "up",
        pool: "down",
        listener: "up",
      });
      expect(h.ms).toBeLessThan(1_000);

      // The notification arrives (the listener is fine) but its message cannot be loaded.
      const resync = socket.next((e) => e.type === "chat_message" && e.data.resync === true, LOAD_DEADLINE_MS + 2_000);
      await commitMessage("written while the pool is stuck");
      expect(await resync).toEqual({ type: "chat_message", data: { challengeId, resync: true } });
    } finally {
      poolProxy.restore();
    }
    expect((await healthyWithin(RECOVER_WITHIN_MS)).status).toBe(200);
    const heard = socket.next((e) => e.type === "chat_message" && e.data.message?.message === "pool is back");
    expect((await owner.client.post(`/api/challenges/${challengeId}/chat`, { message: "pool is back" })).status).toBe(
      201,
    );
    await heard;
  }, 30_000);

  test("listener cut: 503 listener down; back within 5 s with a resync, so nothing sent meanwhile is lost silently", async () => {
    listenProxy.cut();
    let h = await health();
    for (let i = 0; i < 20 && h.body.listener !== "down"; i++) {
      await Bun.sleep(50);
      h = await health();
    }
    expect(h.status).toBe(503);
    expect(h.body).toEqual({
      ok: false,
      db: "postgres",
      message: "Chat listener unavailable",
      database: "up",
      pool: "up",
      listener: "down",
    });

    // Acknowledged while nobody listens: its notification is gone for good.
    const posted = await owner.client.post(`/api/challenges/${challengeId}/chat`, { message: "sent while deaf" });
    expect(posted.status).toBe(201);
    await Bun.sleep(300);
    expect(socket.received("sent while deaf")).toEqual([]);

    const resync = socket.next((e) => e.type === "chat_message" && e.data.resync === true, RECOVER_WITHIN_MS + 1_000);
    const restoredAt = performance.now();
    listenProxy.restore();
    await resync;
    const back = await healthyWithin(RECOVER_WITHIN_MS);
    expect(back.status).toBe(200);
    expect(performance.now() - restoredAt).toBeLessThan(RECOVER_WITHIN_MS);
    const heard = socket.next((e) => e.type === "chat_message" && e.data.message?.message === "listener is back");
    await owner.client.post(`/api/challenges/${challengeId}/chat`, { message: "listener is back" });
    await heard;
  }, 30_000);
});

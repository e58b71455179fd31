import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startServer, type RunningServer } from "../../server";
import { createChallenge, join } from "../harness/challenge-fixtures";
import { createTestDatabase, createTestHarness, testEnv, type TestHarness } from "../harness/harness";
import { signUpAt, TestSocket } from "../harness/test-socket";
import { appRouter } from "../../trpc/router";
import { MAX_MESSAGES_PER_WINDOW } from "../../realtime/ws";
import { headersFor, send, type Sent } from "./http";
import { registeredApiRoutes, STATE_CHANGING } from "./routes";
import { countRows, snapshotDiff } from "./tables";
import { World } from "./world";

// Forged Origin, oversized bodies and WebSocket floods (issue 9). The route and procedure lists
// come from the app itself (app.routes, the tRPC router), so a new write is covered automatically.

let h: TestHarness;
let w: World;
beforeAll(async () => {
  h = await createTestHarness();
  w = await World.create(h);
}, 120_000);
afterAll(() => h?.close());

const MB = 1024 * 1024;
const CROSS_SITE = "Cross-site request refused";
const TOO_LARGE = "Request body is too large";

type AnyProcedure = { _def: { type: "query" | "mutation" | "subscription" } };
const mutations = Object.entries(
  (appRouter as unknown as { _def: { procedures: Record<string, AnyProcedure> } })._def.procedures,
)
  .filter(([, p]) => p._def.type === "mutation")
  .map(([path]) => path);

/** Every state-changing request the app serves: its REST writes and tRPC mutations. */
function writes(): { label: string; method: string; path: string; picture: boolean }[] {
  const rest = registeredApiRoutes(h.app)
    .map((key) => key.split(" ") as [string, string])
    .filter(([method]) => STATE_CHANGING.has(method))
    .map(([method, template]) => ({
      label: `${method} ${template}`,
      method,
      // Ids that exist (the member's own things), so only the check under test can refuse it.
      path: template.replace(/:(\w+)/g, (_, name: string) =>
        name === "code"
          ? w.own.inviteCode
          : name === "userId"
            ? String(w.owner.id)
            : name === "id" && template.startsWith("/api/birdies")
              ? String(w.birdie.member)
              : String(w.own.id),
      ),
      picture: template === "/api/users/me",
    }));
  const trpc = mutations.map((p) => ({
    label: `trpc ${p}`,
    method: "POST",
    path: `/trpc/${p}`,
    picture: p.startsWith("profile."),
  }));
  return [...rest, ...trpc];
}

describe("forged Origin: every write is refused with 403 and stores nothing", () => {
  test("the list of writes is complete (REST writes from app.routes, every tRPC mutation)", () => {
    const list = writes();
    expect(list.filter((x) => x.label.startsWith("trpc ")).length).toBe(mutations.length);
    expect(list.length).toBeGreaterThan(30);
  });

  const FORGED: [string, Record<string, string>][] = [
    ["another site", { Origin: "https://evil.example" }],
    ["a look-alike host", { Origin: "http://localhost.evil.example" }],
    ["another port", { Origin: "http://localhost:8080" }],
    ["an opaque origin (null)", { Origin: "null" }],
    ["a malformed origin", { Origin: "not a url" }],
    ["no Origin, Sec-Fetch-Site: cross-site", { "Sec-Fetch-Site": "cross-site" }],
    ["no Origin, Sec-Fetch-Site: same-site", { "Sec-Fetch-Site": "same-site" }],
    ["no Origin and no Sec-Fetch-Site", {}],
  ];

  test("each write, each forged origin, signed in as a member: 403 { message } and no row changes", async () => {
    await w.ensure();
    const before = await countRows(h.db);
    const failures: string[] = [];
    let checked = 0;
    for (const target of writes()) {
      for (const [name, origin] of FORGED) {
        const res = await send(h.app, {
          method: target.method,
          path: target.path,
          // A body that would pass: the origin check must refuse before anything reads it.
          headers: { ...origin, Cookie: w.member.cookie, "Content-Type": "application/json" },
          body:
            target.method === "DELETE"
              ? undefined
              : target.label.startsWith("trpc ")
                ? "{}"
                : JSON.stringify({ name: "Forged Course", message: "forged" }),
        });
        checked++;
        if (res.status !== 403 || res.json?.message !== CROSS_SITE)
          failures.push(`${target.label} from ${name}: ${res.status} ${res.text.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(checked).toBe(writes().length * FORGED.length);
    expect(snapshotDiff(before, await countRows(h.db))).toEqual([]);
  }, 120_000);

  test("control: the same requests from our own origin get past the origin check", async () => {
    // Use the stranger (member of nothing) so the controls cannot change the seeded challenges.
    for (const target of writes()) {
      const res = await send(h.app, {
        method: target.method,
        path: target.path,
        headers: headersFor(w.stranger.cookie, { "Content-Type": "application/json" }),
        body: target.method === "DELETE" ? undefined : "{}",
      });
      expect(res.json?.message ?? res.json?.error?.message, target.label).not.toBe(CROSS_SITE);
    }
    await w.ensure();
  }, 120_000);

  test("reads are not origin-checked (GET is safe), writes through a same-origin Sec-Fetch-Site pass", async () => {
    const read = await send(h.app, {
      method: "GET",
      path: "/api/user",
      headers: { Origin: "https://evil.example", Cookie: w.member.cookie },
    });
    expect(read.status).toBe(200);
    const write = await send(h.app, {
      method: "POST",
      path: "/api/courses",
      headers: { "Sec-Fetch-Site": "same-origin", Cookie: w.member.cookie, "Content-Type": "application/json" },
      body: JSON.stringify({ name: `Same Site ${Date.now().toString(36)}` }),
    });
    expect(write.status).toBe(201);
  });
});

describe("oversized bodies: 413 { message }, nothing stored", () => {
  /** Valid JSON of `bytes` bytes: the size alone must be what refuses it. */
  const bigJson = (bytes: number) => `{"name":"Big Course","message":"hi","pad":"${"x".repeat(bytes)}"}`;
  const chunked = (text: string, chunk = 64 * 1024) => {
    const bytes = new TextEncoder().encode(text);
    let at = 0;
    return new ReadableStream<Uint8Array>({
      pull(controller) {
        if (at >= bytes.length) return controller.close();
        controller.enqueue(bytes.subarray(at, at + chunk));
        at += chunk;
      },
    });
  };

  for (const mode of ["with Content-Length", "chunked, without Content-Length"] as const) {
    test(`every write, ${mode}`, async () => {
      await w.ensure();
      const before = await countRows(h.db);
      const failures: string[] = [];
      for (const target of writes()) {
        // Pictures may be 12 MB (a 5 MB image as a data URL); everything else 1 MB.
        const text = bigJson((target.picture ? 12 : 1) * MB + 1024);
        const req: Sent = {
          method: target.method,
          path: target.path,
          headers: headersFor(w.member.cookie, {
            "Content-Type": "application/json",
            ...(mode === "with Content-Length" ? { "Content-Length": String(Buffer.byteLength(text)) } : {}),
          }),
          body: mode === "with Content-Length" ? text : chunked(text),
        };
        const res = await send(h.app, req);
        if (res.status !== 413 || res.json?.message !== TOO_LARGE)
          failures.push(`${target.label}: ${res.status} ${res.text.slice(0, 120)}`);
      }
      expect(failures).toEqual([]);
      expect(snapshotDiff(before, await countRows(h.db))).toEqual([]);
    }, 120_000);
  }

  test("control: a chunked body under the cap is read and stored normally", async () => {
    const name = `Chunked Course ${Date.now().toString(36)}`;
    const res = await send(h.app, {
      method: "POST",
      path: "/api/courses",
      headers: headersFor(w.member.cookie, { "Content-Type": "application/json" }),
      body: chunked(JSON.stringify({ name }), 3),
    });
    expect(res.status).toBe(201);
    expect(res.json.name).toBe(name);
  });
});

describe("over the network (a running server)", () => {
  let server: RunningServer;
  let origin: string;
  type Golfer = Awaited<ReturnType<typeof signUpAt>>;
  let owner: Golfer;
  let friend: Golfer;
  let flooder: Golfer;
  let room: number;
  const sockets: TestSocket[] = [];

  beforeAll(async () => {
    server = await startServer(testEnv({ PORT: "0" }), { database: await createTestDatabase() });
    origin = server.url;
    owner = await signUpAt(origin, "Olive Owner");
    friend = await signUpAt(origin, "Fred Friend");
    flooder = await signUpAt(origin, "Flo Flooder");
    const challenge = await createChallenge(owner.client);
    await join(friend.client, challenge.inviteCode);
    await join(flooder.client, challenge.inviteCode);
    room = challenge.id;
  }, 120_000);
  afterAll(async () => {
    for (const s of sockets) s.close();
    await server?.stop();
  }, 120_000);

  const open = async (g: Golfer) => {
    const s = await TestSocket.open(origin, g.cookie);
    sockets.push(s);
    return s;
  };
  const closedWithin = (s: TestSocket, ms = 3000) => Promise.race([s.closed, Bun.sleep(ms).then(() => -1)]);

  test("a chunked upload over the wire: 413 beyond 1 MB, accepted below it", async () => {
    const big = new TextEncoder().encode(`{"name":"${"y".repeat(2 * MB)}"}`);
    const stream = (bytes: Uint8Array) =>
      new ReadableStream<Uint8Array>({
        start(c) {
          for (let i = 0; i < bytes.length; i += 32 * 1024) c.enqueue(bytes.subarray(i, i + 32 * 1024));
          c.close();
        },
      });
    const refused = await fetch(`${origin}/api/courses`, {
      method: "POST",
      headers: { Origin: origin, Cookie: owner.cookie, "Content-Type": "application/json" },
      body: stream(big),
      duplex: "half",
    } as RequestInit);
    expect(refused.status).toBe(413);
    expect(await refused.json()).toEqual({ message: TOO_LARGE });
    const ok = await fetch(`${origin}/api/courses`, {
      method: "POST",
      headers: { Origin: origin, Cookie: owner.cookie, "Content-Type": "application/json" },
      body: stream(new TextEncoder().encode(JSON.stringify({ name: `Wire Course ${Date.now().toString(36)}` }))),
      duplex: "half",
    } as RequestInit);
    expect(ok.status).toBe(201);
  });

  test("a cross-site WebSocket upgrade is refused with 403", async () => {
    const res = await fetch(`${origin}/ws`, {
      headers: {
        Origin: "https://evil.example",
        Cookie: owner.cookie,
        Upgrade: "websocket",
        Connection: "Upgrade",
        "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
        "Sec-WebSocket-Version": "13",
      },
    });
    expect(res.status).toBe(403);
  });

  test("floods close the flooding sockets (1008 for too many frames, 1009 for a huge one); everyone else keeps being served", async () => {
    // A bystander in the room, before the attack.
    const bystander = await open(friend);
    expect(await bystander.join(room)).toEqual({ type: "JOINED_CHALLENGE_CHAT", challengeId: room });

    // 0. Control: a client within the allowance (a handful of frames) stays connected.
    const polite = await open(flooder);
    for (let i = 0; i < MAX_MESSAGES_PER_WINDOW - 5; i++) polite.send({ type: "PONG" });
    expect(await closedWithin(polite, 300)).toBe(-1);

    // 1. Far more than 20 frames in 10 s: 1,000 JOINs (each would cost a membership query).
    const joins = await open(flooder);
    let answered = 0;
    joins.ws.addEventListener("message", (e) => {
      const t = JSON.parse(String(e.data)).type;
      if (t === "JOINED_CHALLENGE_CHAT" || t === "ERROR") answered++;
    });
    for (let i = 0; i < 1000; i++) joins.send({ type: "JOIN_CHALLENGE_CHAT", challengeId: room });
    expect(await closedWithin(joins)).toBe(1008);
    // The flood cost the server at most the window's allowance of handler runs.
    expect(answered).toBeLessThanOrEqual(MAX_MESSAGES_PER_WINDOW);

    // 2. Garbage and binary frames count too.
    const garbage = await open(flooder);
    for (let i = 0; i < 200; i++) garbage.ws.send(i % 2 ? "{not json" : new Uint8Array([0, 1, 2, 3, 255]));
    expect(await closedWithin(garbage)).toBe(1008);

    // 3. One oversized frame: 1009 (message too big), for text and for binary.
    const huge = await open(flooder);
    huge.send(JSON.stringify({ type: "JOIN_CHALLENGE_CHAT", challengeId: room, pad: "x".repeat(64 * 1024) }));
    expect(await closedWithin(huge)).toBe(1009);
    const hugeBinary = await open(flooder);
    hugeBinary.ws.send(new Uint8Array(1 * MB));
    expect(await closedWithin(hugeBinary)).toBe(1009);

    // 4. Ten sockets flooding at once.
    const crowd = await Promise.all(Array.from({ length: 10 }, () => open(flooder)));
    for (const s of crowd) for (let i = 0; i < 100; i++) s.send({ type: "PONG" });
    expect(await Promise.all(crowd.map((s) => closedWithin(s)))).toEqual(Array(10).fill(1008));

    // The bystander is still open and still hears the room; HTTP still answers; new sockets work.
    expect(bystander.ws.readyState).toBe(WebSocket.OPEN);
    expect(polite.ws.readyState).toBe(WebSocket.OPEN);
    const heard = bystander.next((e) => e.type === "chat_message" && e.data.message?.message === "after the flood");
    const posted = await owner.client.post(`/api/challenges/${room}/chat`, { message: "after the flood" });
    expect(posted.status).toBe(201);
    await heard;
    const health = await fetch(`${origin}/api/health`);
    expect(health.status).toBe(200);
    const fresh = await open(flooder);
    expect(await fresh.join(room)).toEqual({ type: "JOINED_CHALLENGE_CHAT", challengeId: room });
    expect(server.realtime.sockets.size).toBeGreaterThanOrEqual(2);
  }, 60_000);

  test("a non-member's JOIN of a room (chat challenge id) is refused and hears nothing", async () => {
    const outsider = await signUpAt(origin, "Otto Outsider");
    const s = await open(outsider);
    expect(await s.join(room)).toMatchObject({ type: "ERROR", challengeId: room });
    const member = await open(owner);
    await member.join(room);
    const heard = member.next((e) => e.type === "chat_message" && e.data.message?.message === "members only please");
    await owner.client.post(`/api/challenges/${room}/chat`, { message: "members only please" });
    await heard;
    await s.expectNone("members only please", 200);
  });
});

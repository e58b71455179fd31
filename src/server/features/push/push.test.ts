import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import webpush from "web-push";
import { pushSubscriptions, pushVapidKeys } from "../../db/schema/push";
import { Metrics } from "../../metrics/metrics";
import { createTestHarness, openPeerDatabase, RestClient, signUp, type TestHarness } from "../../test/harness/harness";
import { browserKeys, decryptPush, startPushServiceStandIn, verifyVapid } from "../../test/harness/push-service";
import { ENDPOINT_NOT_HTTPS, ENDPOINT_NOT_PUBLIC } from "./endpoint-guard";
import { sendPushJob } from "./jobs";
import { vapidKeys } from "./vapid";
import { enqueueJob, JobRunner } from "../../jobs";
import { serverJobHandlers } from "../../server-jobs";

let h: TestHarness;
let pushService: ReturnType<typeof startPushServiceStandIn>;
beforeAll(async () => {
  h = await createTestHarness({ env: { PUSH_ALLOW_HTTP_LOOPBACK: "true", VAPID_SUBJECT: "mailto:push@example.com" } });
  pushService = startPushServiceStandIn();
}, 120_000);
afterAll(async () => {
  pushService.stop();
  await h.close();
});

let seq = 0;
const nextPath = (prefix = "") => `${prefix}/sub/${Date.now().toString(36)}-${++seq}`;

async function subscribed(client: RestClient, path = nextPath()) {
  const browser = browserKeys();
  const endpoint = pushService.endpoint(path);
  const res = await client.post("/api/push/subscriptions", { endpoint, keys: browser.keys, expirationTime: null });
  expect(res.status).toBe(201);
  return { browser, endpoint, path };
}

const rowsOf = (userId: number) => h.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
const job = (deps = h.deps) => ({ deps, attempt: 1 });

describe("VAPID keys", () => {
  test("generated once and kept: every call and a second instance started at the same time get the same pair", async () => {
    const peer = await openPeerDatabase(h.database);
    const [a, b] = await Promise.all([vapidKeys(h.deps), vapidKeys({ env: h.env, database: peer })]);
    expect(a.publicKey).toBe(b.publicKey);
    expect(Buffer.from(a.publicKey, "base64url")).toHaveLength(65);
    expect(await h.db.select().from(pushVapidKeys)).toHaveLength(1);
    const res = await new RestClient(h.app).get("/api/push/public-key");
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ publicKey: a.publicKey });
    await peer.close();
  });

  test("configured keys are used as they are", async () => {
    const pair = webpush.generateVAPIDKeys();
    const configured = await createTestHarness({
      database: h.database,
      env: { VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.privateKey },
    });
    expect((await new RestClient(configured.app).get("/api/push/public-key")).json).toEqual({
      publicKey: pair.publicKey,
    });
    expect((await configured.caller().push.publicKey()).publicKey).toBe(pair.publicKey);
  });
});

describe("POST and DELETE /api/push/subscriptions", () => {
  test("201 stores the subscription; the same endpoint again updates it in place", async () => {
    const { client, user } = await signUp(h);
    const { endpoint } = await subscribed(client);
    const again = browserKeys();
    expect((await client.post("/api/push/subscriptions", { endpoint, keys: again.keys })).status).toBe(201);
    const rows = await rowsOf(user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ endpoint, p256dh: again.keys.p256dh, auth: again.keys.auth });
  });

  test("an endpoint subscribed by another account on the device moves to whoever subscribed last", async () => {
    const first = await signUp(h);
    const second = await signUp(h);
    const { endpoint, browser } = await subscribed(first.client);
    expect((await second.client.post("/api/push/subscriptions", { endpoint, keys: browser.keys })).status).toBe(201);
    expect(await rowsOf(first.user.id)).toHaveLength(0);
    expect((await rowsOf(second.user.id)).map((r) => r.endpoint)).toEqual([endpoint]);
  });

  test("DELETE removes only the caller's own subscription and is fine when there is none", async () => {
    const owner = await signUp(h);
    const other = await signUp(h);
    const { endpoint } = await subscribed(owner.client);
    const res = await other.client.request("DELETE", "/api/push/subscriptions", { endpoint });
    expect(res.status).toBe(200);
    expect(await rowsOf(owner.user.id)).toHaveLength(1);
    expect((await owner.client.request("DELETE", "/api/push/subscriptions", { endpoint })).status).toBe(200);
    expect(await rowsOf(owner.user.id)).toHaveLength(0);
    expect((await owner.client.request("DELETE", "/api/push/subscriptions", { endpoint })).json).toEqual({
      success: true,
    });
  });

  test("GET tells whether the caller has this endpoint subscribed (another account's is not theirs)", async () => {
    const owner = await signUp(h);
    const other = await signUp(h);
    const { endpoint } = await subscribed(owner.client);
    const path = `/api/push/subscriptions?endpoint=${encodeURIComponent(endpoint)}`;
    expect((await owner.client.get(path)).json).toEqual({ subscribed: true });
    expect((await other.client.get(path)).json).toEqual({ subscribed: false });
    expect((await owner.client.get("/api/push/subscriptions?endpoint=nope")).status).toBe(400);
    expect(await h.caller(owner.user).push.status({ endpoint })).toEqual({ subscribed: true });
  });

  test("signing out ends the subscriptions made in that session, and only those", async () => {
    const { client, user, input } = await signUp(h);
    const second = new RestClient(h.app);
    expect((await second.post("/api/login", { username: input.username, password: input.password })).status).toBe(200);
    const here = await subscribed(client);
    const there = await subscribed(second);
    expect((await client.post("/api/logout")).status).toBe(200);
    expect((await rowsOf(user.id)).map((r) => r.endpoint)).toEqual([there.endpoint]);
    expect(here.endpoint).not.toBe(there.endpoint);
  });

  test("signed out: 401 for every route but the public key", async () => {
    const anon = new RestClient(h.app);
    const { keys } = browserKeys();
    const endpoint = pushService.endpoint(nextPath());
    expect((await anon.post("/api/push/subscriptions", { endpoint, keys })).status).toBe(401);
    expect((await anon.request("DELETE", "/api/push/subscriptions", { endpoint })).status).toBe(401);
    expect((await anon.get(`/api/push/subscriptions?endpoint=${encodeURIComponent(endpoint)}`)).status).toBe(401);
  });

  test("a golfer keeps at most 10 devices: the least recently subscribed is forgotten", async () => {
    const { client, user } = await signUp(h);
    const endpoints: string[] = [];
    for (let i = 0; i < 11; i++) endpoints.push((await subscribed(client)).endpoint);
    const kept = (await rowsOf(user.id)).map((r) => r.endpoint).sort();
    expect(kept).toEqual(endpoints.slice(1).sort());
  });

  const { keys } = browserKeys();
  const bad: [string, unknown, string][] = [
    ["no endpoint", { keys }, "The push endpoint must be a web address"],
    ["not a URL", { endpoint: "push-me", keys }, "The push endpoint must be a web address"],
    ["ftp", { endpoint: "ftp://push.example.com/x", keys }, "The push endpoint must be a web address"],
    ["http on a public host", { endpoint: "http://push.example.com/x", keys }, ENDPOINT_NOT_HTTPS],
    ["http on another loopback address", { endpoint: "http://127.0.0.2/x", keys }, ENDPOINT_NOT_HTTPS],
    ["https loopback", { endpoint: "https://127.0.0.1/x", keys }, ENDPOINT_NOT_PUBLIC],
    ["https private", { endpoint: "https://10.1.2.3/x", keys }, ENDPOINT_NOT_PUBLIC],
    ["https localhost", { endpoint: "https://localhost/x", keys }, ENDPOINT_NOT_PUBLIC],
    ["https IPv6 link-local", { endpoint: "https://[fe80::1]/x", keys }, ENDPOINT_NOT_PUBLIC],
    ["https metadata address", { endpoint: "https://169.254.169.254/latest", keys }, ENDPOINT_NOT_PUBLIC],
    ["no keys", { endpoint: "https://push.example.com/x" }, "The push subscription keys are missing or invalid"],
    [
      "a short p256dh",
      { endpoint: "https://push.example.com/x", keys: { ...keys, p256dh: "AAAA" } },
      "The push subscription keys are missing or invalid",
    ],
    [
      "an auth secret that is not 16 bytes",
      { endpoint: "https://push.example.com/x", keys: { ...keys, auth: Buffer.alloc(15).toString("base64url") } },
      "The push subscription keys are missing or invalid",
    ],
  ];
  for (const [name, input, message] of bad) {
    test(`400 for ${name}, nothing stored`, async () => {
      const { client, user } = await signUp(h);
      const res = await client.post("/api/push/subscriptions", input);
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ message });
      expect(await rowsOf(user.id)).toHaveLength(0);
    });
  }

  test("the tRPC twins store and remove the same way", async () => {
    const { user } = await signUp(h);
    const browser = browserKeys();
    const endpoint = pushService.endpoint(nextPath());
    await h.caller(user).push.subscribe({ endpoint, keys: browser.keys });
    expect(await rowsOf(user.id)).toHaveLength(1);
    await expect(
      h.caller(user).push.subscribe({ endpoint: "https://192.168.0.10/x", keys: browser.keys }),
    ).rejects.toMatchObject({ code: "BAD_REQUEST", message: ENDPOINT_NOT_PUBLIC });
    await h.caller(user).push.unsubscribe({ endpoint });
    expect(await rowsOf(user.id)).toHaveLength(0);
  });
});

describe('the "push.send" job', () => {
  test("each device gets the message encrypted to its keys (RFC 8291) with a valid VAPID token (RFC 8292)", async () => {
    const { client, user } = await signUp(h);
    const phone = await subscribed(client);
    const laptop = await subscribed(client);
    const metrics = new Metrics();
    const message = { title: "Birdie!", body: "Ana birdied hole 7", url: "/challenges/12", tag: "challenge-12" };
    const before = pushService.received.length;
    await sendPushJob({ userId: user.id, ...message }, job({ ...h.deps, metrics }));

    const got = pushService.received.slice(before);
    expect(got.map((r) => r.path).sort()).toEqual([phone.path, laptop.path].sort());
    const { publicKey } = await vapidKeys(h.deps);
    for (const [device, request] of [
      [phone, got.find((r) => r.path === phone.path)],
      [laptop, got.find((r) => r.path === laptop.path)],
    ] as const) {
      if (!request) throw new Error("no request");
      expect(request.headers.get("content-encoding")).toBe("aes128gcm");
      expect(Number(request.headers.get("ttl"))).toBeGreaterThan(0);
      expect(request.headers.get("topic")).toBe("challenge-12");
      expect(JSON.parse(decryptPush(request.body, device.browser))).toEqual(message);
      // The other device's keys cannot read it.
      expect(() => decryptPush(request.body, (device === phone ? laptop : phone).browser)).toThrow();

      const vapid = verifyVapid(request.headers.get("authorization"));
      expect(vapid.valid).toBe(true);
      expect(vapid.header).toMatchObject({ alg: "ES256", typ: "JWT" });
      expect(vapid.publicKey).toBe(publicKey);
      expect(vapid.claims.aud).toBe(pushService.origin);
      expect(vapid.claims.sub).toBe("mailto:push@example.com");
      const nowSeconds = Date.now() / 1000;
      expect(vapid.claims.exp).toBeGreaterThan(nowSeconds);
      expect(vapid.claims.exp).toBeLessThanOrEqual(nowSeconds + 24 * 3600);
    }
    const text = await metrics.text();
    expect(text).toContain("birdie_pushes_sent_total 2");
  });

  test("a token signed with another key does not verify (the check can fail)", async () => {
    const { client, user } = await signUp(h);
    await subscribed(client);
    const before = pushService.received.length;
    await sendPushJob({ userId: user.id, title: "t", body: "b", url: "/" }, job());
    const header = pushService.received[before].headers.get("authorization") ?? "";
    const forged = header.replace(/k=.*$/, `k=${webpush.generateVAPIDKeys().publicKey}`);
    expect(verifyVapid(forged).valid).toBe(false);
  });

  test("410 and 404 answers delete those subscriptions; the others stay", async () => {
    const { client, user } = await signUp(h);
    const gone = await subscribed(client, nextPath("/410"));
    const missing = await subscribed(client, nextPath("/404"));
    const fine = await subscribed(client);
    const metrics = new Metrics();
    await sendPushJob({ userId: user.id, title: "t", body: "b", url: "/" }, job({ ...h.deps, metrics }));
    expect((await rowsOf(user.id)).map((r) => r.endpoint)).toEqual([fine.endpoint]);
    expect(gone.endpoint).not.toBe(missing.endpoint);
    const text = await metrics.text();
    expect(text).toContain('birdie_pushes_failed_total{reason="gone"} 2');
    expect(text).toContain("birdie_pushes_sent_total 1");
  });

  test("a push service that is down: the job throws to be retried while nothing was delivered", async () => {
    const { client, user } = await signUp(h);
    await subscribed(client, nextPath("/503"));
    const payload = { userId: user.id, title: "t", body: "b", url: "/" };
    await expect(sendPushJob(payload, job())).rejects.toThrow(/retry/);
    expect(await rowsOf(user.id)).toHaveLength(1);
    // Once one device got it, a retry would alert that device twice: the job completes.
    await subscribed(client);
    await sendPushJob(payload, job());
  });

  test("through the durable queue: a server process runs push.send jobs enqueued with enqueueJob", async () => {
    const { client, user } = await signUp(h);
    const device = await subscribed(client);
    const before = pushService.received.length;
    const message = { title: "Results are in", body: "Ana won Spring Birdies", url: "/challenges/3" };
    await enqueueJob(h.db, "push.send", { userId: user.id, ...message });
    const ran = await new JobRunner(h.deps, serverJobHandlers()).runDue();
    expect(ran).toBeGreaterThanOrEqual(1);
    const got = pushService.received.slice(before).filter((r) => r.path === device.path);
    expect(got).toHaveLength(1);
    expect(JSON.parse(decryptPush(got[0].body, device.browser))).toEqual(message);
  });

  test("no subscriptions, or a malformed payload: nothing is sent and nothing throws", async () => {
    const { user } = await signUp(h);
    const before = pushService.received.length;
    await sendPushJob({ userId: user.id, title: "t", body: "b", url: "/" }, job());
    await sendPushJob({ userId: user.id, title: "t", body: "b", url: "https://evil.example/" }, job());
    await sendPushJob({ nope: true }, job());
    expect(pushService.received.length).toBe(before);
  });
});

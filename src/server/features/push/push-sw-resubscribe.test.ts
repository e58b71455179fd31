import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createTestHarness, type RestClient, signUp, type TestHarness } from "../../test/harness/harness";
import { browserKeys } from "../../test/harness/push-service";

// The service worker's pushsubscriptionchange handler (src/client/public/push-sw.js) against the
// real server: the worker's fetch goes to the app with the golfer's session cookie, so what the
// server ends up holding is checked, not what the worker meant to send. Only the browser's push
// manager is a stand-in (Chromium cannot fire this event in a test; e2e/leftovers.e2e.ts
// dispatches it in a real worker as far as Chromium allows).

const source = readFileSync(join(import.meta.dir, "../../../client/public/push-sw.js"), "utf8");

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness({ env: { VAPID_SUBJECT: "mailto:push@example.com" } });
}, 120_000);
afterAll(() => h.close());

let seq = 0;
const endpoint = () => `https://fcm.googleapis.com/fcm/send/sw-${Date.now().toString(36)}-${++seq}`;

type Subscription = {
  endpoint: string;
  options: { applicationServerKey: Uint8Array | null };
  toJSON: () => { endpoint: string; keys: { p256dh: string; auth: string } };
};
function subscription(at = endpoint(), key: Uint8Array | null = null): Subscription {
  const { keys } = browserKeys();
  return { endpoint: at, options: { applicationServerKey: key }, toJSON: () => ({ endpoint: at, keys }) };
}

/** The worker's `self`, its fetch bound to the app with the golfer's cookies. */
function worker(client: RestClient, current: Subscription | null = null) {
  const listeners = new Map<string, (event: unknown) => void>();
  const subscribedWith: (Uint8Array | null)[] = [];
  const self = {
    location: new URL("http://localhost/sw.js"),
    addEventListener: (type: string, fn: (event: unknown) => void) => listeners.set(type, fn),
    registration: {
      pushManager: {
        getSubscription: async () => current,
        subscribe: async (options: { applicationServerKey: Uint8Array }) => {
          subscribedWith.push(options.applicationServerKey);
          current = subscription(endpoint(), options.applicationServerKey);
          return current;
        },
      },
    },
  };
  const fetchApp = (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    headers.set("Origin", "http://localhost");
    headers.set("Cookie", [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    return h.app.request(`http://localhost${path}`, { ...init, headers });
  };
  new Function("self", "fetch", source)(self, fetchApp);
  const change = async (event: { oldSubscription?: Subscription | null; newSubscription?: Subscription | null }) => {
    const waits: Promise<unknown>[] = [];
    listeners.get("pushsubscriptionchange")?.({ ...event, waitUntil: (p: Promise<unknown>) => waits.push(p) });
    await Promise.all(waits);
  };
  return { change, subscribedWith, current: () => current };
}

async function isSubscribed(client: RestClient, at: string) {
  const res = await client.get(`/api/push/subscriptions?endpoint=${encodeURIComponent(at)}`);
  return (res.json as { subscribed: boolean }).subscribed;
}

describe("pushsubscriptionchange", () => {
  test("the browser's new subscription replaces the old one on the server", async () => {
    const golfer = await signUp(h);
    const old = subscription();
    expect((await golfer.client.post("/api/push/subscriptions", old.toJSON())).status).toBe(201);
    const fresh = subscription();
    await worker(golfer.client).change({ oldSubscription: old, newSubscription: fresh });
    expect(await isSubscribed(golfer.client, fresh.endpoint)).toBe(true);
    expect(await isSubscribed(golfer.client, old.endpoint)).toBe(false);
  });

  test("with no new subscription given, the worker subscribes again with the old one's key", async () => {
    const golfer = await signUp(h);
    const key = new Uint8Array(65).fill(4);
    const old = subscription(endpoint(), key);
    await golfer.client.post("/api/push/subscriptions", old.toJSON());
    const w = worker(golfer.client, old);
    await w.change({ oldSubscription: old });
    expect(w.subscribedWith).toEqual([key]);
    expect(await isSubscribed(golfer.client, w.current()!.endpoint)).toBe(true);
    expect(await isSubscribed(golfer.client, old.endpoint)).toBe(false);
  });

  test("with neither subscription known (Chromium's usual event), it subscribes with the server's VAPID key", async () => {
    const golfer = await signUp(h);
    const w = worker(golfer.client);
    await w.change({});
    const { publicKey } = (await golfer.client.get("/api/push/public-key")).json as { publicKey: string };
    expect(w.subscribedWith).toEqual([new Uint8Array(Buffer.from(publicKey, "base64url"))]);
    expect(await isSubscribed(golfer.client, w.current()!.endpoint)).toBe(true);
  });

  test("a subscription the golfer does not have on the server (push turned off) is not carried over", async () => {
    const golfer = await signUp(h);
    const old = subscription();
    const fresh = subscription();
    await worker(golfer.client).change({ oldSubscription: old, newSubscription: fresh });
    expect(await isSubscribed(golfer.client, fresh.endpoint)).toBe(false);
  });
});

import type { BrowserContext, Page } from "@playwright/test";
import { expect, registerViaApi, test, waitForServiceWorkerControl } from "./fixtures";

// Web Push on the device (docs/product/rules.md#push-notifications): the service worker shows a
// pushed message, and Settings turns push on and off. Chromium delivers a push to the worker
// through the DevTools protocol (ServiceWorker.deliverPushMessage), as a push service would.

test.use({ serviceWorkers: "allow" });

/** The service worker registration's id, as the DevTools protocol names it. */
async function registrationId(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  const ids: string[] = [];
  cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
    for (const r of registrations) if (!r.isDeleted) ids.push(r.registrationId);
  });
  await cdp.send("ServiceWorker.enable");
  await expect.poll(() => ids.length, { timeout: 10_000 }).toBeGreaterThan(0);
  return { cdp, id: ids[ids.length - 1] };
}

async function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return (await reg.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data }));
  });
}

/**
 * Chromium subscribes at Google's push service (FCM), which a test machine cannot reach, so the
 * browser's PushManager is replaced by one that hands out subscriptions as a push service would:
 * an https endpoint on a public host and real P-256 / auth keys. Everything of ours (the toggle,
 * the permission prompt, the server's routes and checks) runs for real.
 */
async function stubPushService(page: Page) {
  await page.addInitScript(() => {
    const b64url = (bytes: ArrayBuffer | Uint8Array) =>
      btoa(String.fromCharCode(...new Uint8Array(bytes)))
        .replace(/\+/g, "-")
        .replace(/\//g, "_")
        .replace(/=+$/, "");
    const KEY = "push-stub-subscription";
    type Stored = { endpoint: string; p256dh: string; auth: string; serverKey: number[] };
    const make = (stored: Stored) => ({
      endpoint: stored.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: new Uint8Array(stored.serverKey).buffer },
      toJSON: () => ({
        endpoint: stored.endpoint,
        expirationTime: null,
        keys: { p256dh: stored.p256dh, auth: stored.auth },
      }),
      unsubscribe: async () => {
        localStorage.removeItem(KEY);
        return true;
      },
    });
    PushManager.prototype.getSubscription = async () => {
      const stored = localStorage.getItem(KEY);
      return stored ? (make(JSON.parse(stored)) as unknown as PushSubscription) : null;
    };
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      const pair = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"]);
      const stored: Stored = {
        endpoint: `https://fcm.googleapis.com/fcm/send/${crypto.randomUUID()}`,
        p256dh: b64url(await crypto.subtle.exportKey("raw", pair.publicKey)),
        auth: b64url(crypto.getRandomValues(new Uint8Array(16))),
        serverKey: [...new Uint8Array(options?.applicationServerKey as Uint8Array)],
      };
      localStorage.setItem(KEY, JSON.stringify(stored));
      return make(stored) as unknown as PushSubscription;
    };
  });
}

test("the service worker shows a pushed message as a notification that keeps its url", async ({ page, context }) => {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  await context.grantPermissions(["notifications"], { origin });
  await registerViaApi(page);
  await page.goto("/profile?tab=settings");
  await waitForServiceWorkerControl(page);

  const { cdp, id } = await registrationId(context, page);
  const message = { title: "Birdie!", body: "Ana birdied hole 7", url: "/challenges/12", tag: "challenge-12" };
  await cdp.send("ServiceWorker.deliverPushMessage", { origin, registrationId: id, data: JSON.stringify(message) });

  await expect
    .poll(() => shownNotifications(page), { timeout: 10_000 })
    .toEqual([{ title: "Birdie!", body: "Ana birdied hole 7", tag: "challenge-12", data: { url: "/challenges/12" } }]);
});

test("Settings asks for permission only when push is turned on, stores the subscription, and removes it when turned off", async ({
  page,
  context,
}) => {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  await context.grantPermissions(["notifications"], { origin });
  // Count permission prompts (granted above, so the browser answers without a dialog).
  await page.addInitScript(() => {
    const ask = Notification.requestPermission.bind(Notification);
    (window as unknown as { permissionAsks: number }).permissionAsks = 0;
    Notification.requestPermission = (() => {
      (window as unknown as { permissionAsks: number }).permissionAsks += 1;
      return ask();
    }) as typeof Notification.requestPermission;
  });
  await stubPushService(page);
  await registerViaApi(page);
  await page.goto("/profile?tab=settings");
  await waitForServiceWorkerControl(page);

  const toggle = page.getByRole("checkbox", { name: /Push notifications/ });
  await expect(toggle).toBeEnabled();
  await expect(toggle).not.toBeChecked();
  expect(await page.evaluate(() => (window as unknown as { permissionAsks: number }).permissionAsks)).toBe(0);

  await toggle.click();
  await expect(toggle).toBeChecked({ timeout: 20_000 });
  expect(await page.evaluate(() => (window as unknown as { permissionAsks: number }).permissionAsks)).toBe(1);
  const endpoint = await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return (await reg.pushManager.getSubscription())?.endpoint ?? null;
  });
  expect(endpoint).toBeTruthy();
  const status = () =>
    page.request.get(`/api/push/subscriptions?endpoint=${encodeURIComponent(endpoint!)}`).then((r) => r.json());
  expect(await status()).toEqual({ subscribed: true });

  // A reload shows it on: this browser's subscription is the signed-in golfer's.
  await page.reload();
  await expect(page.getByRole("checkbox", { name: /Push notifications/ })).toBeChecked();

  await page.getByRole("checkbox", { name: /Push notifications/ }).click();
  await expect(page.getByRole("checkbox", { name: /Push notifications/ })).not.toBeChecked();
  await expect.poll(status).toEqual({ subscribed: false });
});

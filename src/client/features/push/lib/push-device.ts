import { base64UrlBytes } from "../../../../shared/schemas/base64url";

// This browser's side of Web Push (docs/product/rules.md#push-notifications): permission, the
// PushManager subscription, and its JSON for the server. The server decides nothing here; it only
// stores what the browser made.

export type DeviceSubscription = { endpoint: string; keys: { p256dh: string; auth: string } };

/** Push needs a service worker, PushManager and notifications (iPhone and iPad: only once installed). */
export function pushSupported(): boolean {
  return (
    typeof window !== "undefined" && "serviceWorker" in navigator && "PushManager" in window && "Notification" in window
  );
}

const READY_TIMEOUT_MS = 15_000;

/** The app's service worker registration, or an error when none becomes ready (e.g. the dev server). */
async function registration(): Promise<ServiceWorkerRegistration> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      navigator.serviceWorker.ready,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("The app's service worker is not running.")), READY_TIMEOUT_MS);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** The subscription this browser holds, if any (without waiting for a worker that may not exist). */
export async function deviceSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const reg = await navigator.serviceWorker.getRegistration();
  return reg ? reg.pushManager.getSubscription() : null;
}

function sameKey(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a) return false;
  const bytes = new Uint8Array(a);
  return bytes.length === b.length && bytes.every((x, i) => x === b[i]);
}

function toJson(subscription: PushSubscription): DeviceSubscription {
  const json = subscription.toJSON();
  const p256dh = json.keys?.p256dh;
  const auth = json.keys?.auth;
  if (!json.endpoint || !p256dh || !auth) throw new Error("The browser gave no push keys.");
  return { endpoint: json.endpoint, keys: { p256dh, auth } };
}

/**
 * Subscribes this browser with the server's VAPID key (reusing a subscription made with the same
 * key; one made with another key is replaced, as the push service would refuse our pushes to it).
 */
export async function subscribeDevice(publicKey: string): Promise<DeviceSubscription> {
  const key = base64UrlBytes(publicKey);
  if (!key) throw new Error("The server's push key is not readable.");
  const reg = await registration();
  const existing = await reg.pushManager.getSubscription();
  if (existing && sameKey(existing.options.applicationServerKey, key)) return toJson(existing);
  if (existing) await existing.unsubscribe();
  const subscription = await reg.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key as Uint8Array<ArrayBuffer>,
  });
  return toJson(subscription);
}

/** Unsubscribes this browser; answers the endpoint it had, for the server to forget. */
export async function unsubscribeDevice(): Promise<string | null> {
  const subscription = await deviceSubscription();
  if (!subscription) return null;
  await subscription.unsubscribe();
  return subscription.endpoint;
}

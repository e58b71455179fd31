// Web Push in the service worker (ADR 0038; docs/product/rules.md#push-notifications). The
// generated sw.js loads this file with importScripts (vite.config.ts, workbox.importScripts), so
// the app shell's precaching stays generated and only these two handlers are written by hand.

/** A path in this app to open, or "/" for anything else (never another site). */
function birdiePushPath(value) {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//")) return "/";
  try {
    const url = new URL(value, self.location.origin);
    return url.origin === self.location.origin ? url.pathname + url.search + url.hash : "/";
  } catch {
    return "/";
  }
}

self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : "" };
  }
  const title = typeof data.title === "string" && data.title ? data.title : "Birdie Challenge";
  const options = {
    body: typeof data.body === "string" ? data.body : "",
    icon: "/icons/icon-192.png",
    badge: "/icons/icon-192.png",
    data: { url: birdiePushPath(data.url) },
  };
  // A newer message with the same tag replaces the older one instead of piling up.
  if (typeof data.tag === "string" && data.tag) {
    options.tag = data.tag;
    options.renotify = true;
  }
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(birdiePushPath(event.notification.data?.url), self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((w) => w.url === target) ?? windows.find((w) => "navigate" in w);
      if (open) {
        try {
          const focused = await open.focus();
          if (focused.url !== target) await focused.navigate(target);
          return;
        } catch {
          // A window this worker does not control cannot be navigated: open a new one instead.
        }
      }
      await self.clients.openWindow(target);
    })(),
  );
});

// The push service replaced or expired this device's subscription (keys rotated, endpoint moved):
// subscribe again with the server's key and tell the server, the new endpoint replacing the old.
// Only a subscription the signed-in golfer has on the server is carried over: a device whose
// push was turned off, or that belongs to an account that signed out, stays off.

/** The bytes of a base64url text. */
function birdieBase64UrlBytes(text) {
  const plain = text.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(plain + "=".repeat((4 - (plain.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

async function birdieApi(method, path, body) {
  return fetch(path, {
    method,
    credentials: "same-origin",
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function birdieResubscribe(event) {
  const old = event.oldSubscription || null;
  if (old) {
    const status = await birdieApi("GET", `/api/push/subscriptions?endpoint=${encodeURIComponent(old.endpoint)}`);
    if (!status.ok || !(await status.json()).subscribed) return;
  }
  let next = event.newSubscription || null;
  if (!next) {
    const current = await self.registration.pushManager.getSubscription();
    if (current && (!old || current.endpoint !== old.endpoint)) next = current;
  }
  if (!next) {
    let key = old?.options?.applicationServerKey || null;
    if (!key) {
      const answer = await birdieApi("GET", "/api/push/public-key");
      if (!answer.ok) return;
      key = birdieBase64UrlBytes((await answer.json()).publicKey);
    }
    next = await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  }
  const json = next.toJSON();
  const saved = await birdieApi("POST", "/api/push/subscriptions", { endpoint: json.endpoint, keys: json.keys });
  if (saved.ok && old && old.endpoint !== json.endpoint) {
    await birdieApi("DELETE", "/api/push/subscriptions", { endpoint: old.endpoint });
  }
}

self.addEventListener("pushsubscriptionchange", (event) => {
  const done = birdieResubscribe(event).catch(() => undefined);
  // A test dispatches this event itself, and then waitUntil is refused: the work still runs.
  try {
    event.waitUntil(done);
  } catch {
    // Not dispatched by the browser.
  }
});

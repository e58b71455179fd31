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

import { useSyncExternalStore } from "react";

// A service worker is registered at load (docs/product/routes-and-screens.md#signed-in-layout).
// With registerType 'prompt' a new version waits until the user chooses Reload, so an update never
// reloads the page in the middle of a round. The state lives outside React so registration happens
// once, before any page renders.

type UpdateState = { needRefresh: boolean };

let state: UpdateState = { needRefresh: false };
let applyUpdate: ((reloadPage?: boolean) => Promise<void>) | null = null;
const listeners = new Set<() => void>();

function setState(next: UpdateState) {
  state = next;
  for (const listener of listeners) listener();
}

// Long-lived tabs (the app left open on a phone) still learn about a deploy.
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Registration code (workbox-window) loads after the page's load event, in a task of its own: it
 * never delays the first paint, and importing it is no part of the entry's long task (issue 19).
 */
export function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  const start = () => void import("virtual:pwa-register").then(({ registerSW }) => register(registerSW));
  if (document.readyState === "complete") setTimeout(start, 0);
  else window.addEventListener("load", start, { once: true });
}

function register(registerSW: typeof import("virtual:pwa-register").registerSW) {
  applyUpdate = registerSW({
    immediate: true,
    onNeedRefresh: () => setState({ needRefresh: true }),
    onRegisteredSW: (_url, registration) => {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine) void registration.update().catch(() => undefined);
      }, UPDATE_CHECK_INTERVAL_MS);
    },
  });
}

/** Activates the waiting worker; the page reloads once it has taken control. */
export function reloadToUpdate() {
  void applyUpdate?.(true);
}

export function dismissUpdate() {
  setState({ needRefresh: false });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => state;

export function useServiceWorkerUpdate() {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

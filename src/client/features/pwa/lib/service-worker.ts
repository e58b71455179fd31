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

/** Registration code (workbox-window) loads after the first screen: it never delays first paint. */
export function registerServiceWorker() {
  if (!("serviceWorker" in navigator)) return;
  void import("virtual:pwa-register").then(({ registerSW }) => register(registerSW));
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

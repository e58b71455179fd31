import { useSyncExternalStore } from "react";

// Chromium's install prompt event (not in TypeScript's DOM types).
export type BeforeInstallPromptEvent = Event & {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed"; platform?: string }>;
};

type InstallState = { deferred: BeforeInstallPromptEvent | null; standalone: boolean };

let state: InstallState = { deferred: null, standalone: false };
const listeners = new Set<() => void>();

function setState(next: Partial<InstallState>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

/** True when the app already runs as an installed app (Android/desktop standalone, iOS home screen). */
export function isStandaloneDisplay(): boolean {
  const iosStandalone = (navigator as Navigator & { standalone?: boolean }).standalone === true;
  return iosStandalone || window.matchMedia?.("(display-mode: standalone)").matches === true;
}

/**
 * Listens from startup: the browser fires `beforeinstallprompt` once, often before the dashboard
 * mounts, so the event is kept here until the Install App card asks for it.
 */
export function captureInstallPrompt() {
  setState({ standalone: isStandaloneDisplay() });
  window.addEventListener("beforeinstallprompt", (event) => {
    // Keep the browser's mini-infobar away; the dashboard card offers the install instead.
    event.preventDefault();
    setState({ deferred: event as BeforeInstallPromptEvent });
  });
  window.addEventListener("appinstalled", () => setState({ deferred: null, standalone: true }));
  window
    .matchMedia?.("(display-mode: standalone)")
    .addEventListener?.("change", () => setState({ standalone: isStandaloneDisplay() }));
}

/** Shows the browser's install dialog; the event can be used once, whatever the user answers. */
export async function promptInstall(): Promise<"accepted" | "dismissed" | "unavailable"> {
  const deferred = state.deferred;
  if (!deferred) return "unavailable";
  setState({ deferred: null });
  await deferred.prompt();
  const choice = await deferred.userChoice;
  return choice.outcome;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getSnapshot = () => state;

export function useInstallPromptState() {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

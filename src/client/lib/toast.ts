// The app's toasts (docs/product/routes-and-screens.md#toasts): toast({ title, description,
// variant, duration }) from anywhere, one visible at a time, 5 s unless a duration is given
// (Infinity keeps it up until dismissed). Drawing them is sonner's job
// (components/ui/sonner-toaster.tsx), loaded after the first render: until it has mounted, toasts
// wait here in order.

export const TOAST_DEFAULT_DURATION_MS = 5000;

export type ToastVariant = "default" | "destructive";

export type ToastInput = {
  title?: string;
  description?: string;
  variant?: ToastVariant;
  duration?: number;
  /** A link in the toast ("View Result"): an app path, opened inside the app. */
  link?: { label: string; href: string };
};

export type ShownToast = ToastInput & { variant: ToastVariant; duration: number };

export type ToastHandle = { dismiss: () => void };

/** What draws toasts: show one (replacing the one on screen) and take one away. */
export type ToastDriver = {
  show: (toast: ShownToast) => string | number;
  dismiss: (id: string | number) => void;
};

let driver: ToastDriver | null = null;
let waiting: (() => void)[] = [];
/** Puts the toasts' layer on top of the top layer; `openIfClosed` false leaves a closed layer closed. */
let raiser: ((openIfClosed: boolean) => void) | null = null;

export function connectToasts(next: ToastDriver | null): void {
  driver = next;
  if (!next) return;
  const queued = waiting;
  waiting = [];
  for (const show of queued) show();
}

/** How a toast's link opens an app path without reloading (set by the router's root route). */
let navigateInApp: ((href: string) => void) | null = null;

export function setToastNavigation(next: ((href: string) => void) | null): void {
  navigateInApp = next;
}

/** Opens a toast link's path in the app; false when nothing can (the browser then follows the link). */
export function openToastLink(href: string): boolean {
  if (!navigateInApp || !href.startsWith("/") || href.startsWith("//")) return false;
  navigateInApp(href);
  return true;
}

/** The newest toast and when it was raised: the one a change of screen or state may take away. */
let latest: { handle: ToastHandle; at: number } | null = null;

/**
 * Takes the toast on screen away when what it says no longer belongs (docs/product/routes-and-screens.md#toasts):
 * the screen changed, or a newer state contradicts it (an inline error under a success). With
 * `olderThanMs`, a toast raised that recently stays: it belongs to the action that moved the
 * golfer on ("Challenge Created!" then the new page).
 */
export function dismissToasts(options: { olderThanMs?: number; now?: number } = {}): void {
  if (!latest) return;
  const age = (options.now ?? Date.now()) - latest.at;
  if (age < (options.olderThanMs ?? 0)) return;
  latest.handle.dismiss();
  latest = null;
}

export function toast(input: ToastInput): ToastHandle {
  const shown: ShownToast = {
    ...input,
    variant: input.variant ?? "default",
    duration: input.duration ?? TOAST_DEFAULT_DURATION_MS,
  };
  let id: string | number | null = null;
  let dismissed = false;
  const show = () => {
    if (dismissed || !driver) return;
    raiser?.(true);
    id = driver.show(shown);
  };
  if (driver) show();
  else waiting.push(show);
  const handle: ToastHandle = {
    dismiss() {
      dismissed = true;
      if (id !== null) driver?.dismiss(id);
    },
  };
  latest = { handle, at: Date.now() };
  return handle;
}

/** Set by the toaster: puts the toasts back on top of the browser's top layer. */
export function setToastRaiser(next: ((openIfClosed: boolean) => void) | null): void {
  raiser = next;
}

/**
 * Called by a dialog that has just opened, so a toast already on screen stays above it (a toast
 * raised later raises the layer itself).
 */
export function raiseToasts(): void {
  raiser?.(false);
}

import { type CSSProperties, useEffect, useSyncExternalStore } from "react";
import { Toaster, toast as sonner } from "sonner";
import { connectToasts, type ShownToast } from "../../lib/toast";
import { AlertIcon, CheckIcon, XIcon } from "./icons";

// One toast at a time (docs/product/routes-and-screens.md#toasts). A new toast replaces the one on
// screen; sonner animates the old one out, and from that moment it is no longer "the toast" (no
// test hook), so exactly one is.

type Id = string | number;

let current: Id | null = null;
const listeners = new Set<() => void>();

function setCurrent(id: Id | null) {
  current = id;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function forget(id: Id) {
  if (current === id) setCurrent(null);
}

function show(toast: ShownToast): Id {
  if (current !== null) sonner.dismiss(current);
  const id = sonner.custom((toastId) => <ToastCard id={toastId} toast={toast} />, {
    duration: toast.duration,
    onDismiss: (t) => forget(t.id),
    onAutoClose: (t) => forget(t.id),
  });
  setCurrent(id);
  return id;
}

function dismiss(id: Id) {
  forget(id);
  sonner.dismiss(id);
}

function ToastCard({ id, toast }: { id: Id; toast: ShownToast }) {
  const isCurrent = useSyncExternalStore(subscribe, () => current === id);
  const destructive = toast.variant === "destructive";
  return (
    <div
      data-testid={isCurrent ? "toast" : undefined}
      data-variant={toast.variant}
      className={`alert w-[var(--width)] items-start whitespace-normal shadow-lg ${destructive ? "alert-error" : "border-base-300 bg-base-100"}`}
    >
      <span className={`mt-0.5 text-lg ${destructive ? "" : "text-success"}`}>
        {destructive ? <AlertIcon /> : <CheckIcon />}
      </span>
      <div className="min-w-0 flex-1 break-words">
        {toast.title && <p className="font-semibold">{toast.title}</p>}
        {toast.description && <p className="text-sm opacity-90">{toast.description}</p>}
      </div>
      <button
        type="button"
        className="btn btn-ghost btn-xs btn-circle"
        aria-label="Dismiss notification"
        onClick={() => dismiss(id)}
      >
        <XIcon />
      </button>
    </div>
  );
}

const WIDE = "(min-width: 48rem)";

function subscribeWide(listener: () => void) {
  const query = window.matchMedia(WIDE);
  query.addEventListener("change", listener);
  return () => query.removeEventListener("change", listener);
}

/** Top centre on phones, bottom right from `md`, as wide as fits. */
export default function SonnerToaster() {
  const wide = useSyncExternalStore(subscribeWide, () => window.matchMedia(WIDE).matches);
  // Mounted after sonner's own Toaster has subscribed (effects run child first), so queued
  // toasts reach it.
  useEffect(() => {
    connectToasts({ show, dismiss });
    return () => connectToasts(null);
  }, []);
  return (
    <Toaster
      position={wide ? "bottom-right" : "top-center"}
      visibleToasts={1}
      containerAriaLabel="Notifications"
      style={{ "--width": "min(26rem, calc(100vw - 2rem))" } as CSSProperties}
    />
  );
}

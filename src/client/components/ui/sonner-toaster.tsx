import { type CSSProperties, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from "react";
import { Toaster, toast as sonner } from "sonner";
import { connectToasts, openToastLink, type ShownToast } from "../../lib/toast";
import { AlertIcon, CheckIcon, XIcon } from "./icons";

// One toast at a time (docs/product/routes-and-screens.md#toasts). A new toast replaces the one on screen; sonner animates the old
// one out, and from that moment it is no longer "the toast" (no test hook), so exactly one is.
//
// WCAG 2.2.1 and 1.4.13: the toast's time runs only while nobody is pointing at it or focused in
// it (sonner pauses on hover only, so the timer is ours and sonner's is switched off), Escape
// closes it from anywhere, and it moves out of the way of the focused control (2.4.11).

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
    // The card keeps its own time (paused on hover and focus).
    duration: Number.POSITIVE_INFINITY,
    onDismiss: (t) => forget(t.id),
  });
  setCurrent(id);
  return id;
}

function dismiss(id: Id) {
  forget(id);
  sonner.dismiss(id);
}

/** Set by the toaster: moves the toasts to the other edge when they cover the focused element. */
let keepClearOfFocus: () => void = () => {};

/** Dismisses toast `id` after `duration` ms of being shown while not `paused` (nor the tab hidden). */
function useAutoDismiss(id: Id, duration: number, paused: boolean) {
  const remaining = useRef(duration);
  const [hidden, setHidden] = useState(() => document.hidden);

  useEffect(() => {
    const onVisibility = () => setHidden(document.hidden);
    document.addEventListener("visibilitychange", onVisibility);
    return () => document.removeEventListener("visibilitychange", onVisibility);
  }, []);

  useEffect(() => {
    if (paused || hidden || !Number.isFinite(remaining.current)) return;
    const started = Date.now();
    const timer = setTimeout(() => dismiss(id), remaining.current);
    return () => {
      clearTimeout(timer);
      remaining.current = Math.max(0, remaining.current - (Date.now() - started));
    };
  }, [id, paused, hidden]);
}

function ToastCard({ id, toast }: { id: Id; toast: ShownToast }) {
  const isCurrentNow = () => current === id;
  const isCurrent = useSyncExternalStore(subscribe, isCurrentNow, isCurrentNow);
  const cardRef = useRef<HTMLDivElement>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  useAutoDismiss(id, toast.duration, hovered || focused);
  useLayoutEffect(() => keepClearOfFocus(), []);
  // Pointer over it or focus in it holds the toast (listeners, not props: the card is no control).
  useEffect(() => {
    const card = cardRef.current;
    if (!card) return;
    const enter = () => setHovered(true);
    const leave = () => setHovered(false);
    const focusIn = () => setFocused(true);
    const focusOut = (event: FocusEvent) => {
      if (!card.contains(event.relatedTarget as Node | null)) setFocused(false);
    };
    card.addEventListener("mouseenter", enter);
    card.addEventListener("mouseleave", leave);
    card.addEventListener("focusin", focusIn);
    card.addEventListener("focusout", focusOut);
    return () => {
      card.removeEventListener("mouseenter", enter);
      card.removeEventListener("mouseleave", leave);
      card.removeEventListener("focusin", focusIn);
      card.removeEventListener("focusout", focusOut);
    };
  }, []);
  const destructive = toast.variant === "destructive";
  return (
    <div
      data-testid={isCurrent ? "toast" : undefined}
      data-variant={toast.variant}
      className={`alert w-[var(--width)] items-start whitespace-normal shadow-lg ${destructive ? "alert-error" : "border-base-300 bg-base-100"}`}
      ref={cardRef}
    >
      <span className={`mt-0.5 text-lg ${destructive ? "" : "text-success"}`}>
        {destructive ? <AlertIcon /> : <CheckIcon />}
      </span>
      <div className="min-w-0 flex-1 break-words">
        {toast.title && <p className="font-semibold">{toast.title}</p>}
        {toast.description && <p className="text-sm opacity-90">{toast.description}</p>}
        {toast.link && (
          <a
            href={toast.link.href}
            className="link mt-1 inline-flex min-h-11 items-center font-semibold"
            onClick={(event) => {
              // A plain click stays in the app; a modified one (new tab) is the browser's.
              if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
              if (toast.link && openToastLink(toast.link.href)) {
                event.preventDefault();
                dismiss(id);
              }
            }}
          >
            {toast.link.label}
          </a>
        )}
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

type Edge = "top" | "bottom";

/** Where the toast on screen will sit once its entry animation ends (sonner slides it in). */
function toastBox(edge: Edge): DOMRect | null {
  const list = document.querySelector<HTMLElement>("[data-sonner-toaster]");
  const card = document.querySelector<HTMLElement>('[data-testid="toast"]');
  if (!list || !card) return null;
  const anchor = list.getBoundingClientRect();
  const height = card.offsetHeight;
  const top = edge === "top" ? anchor.top : anchor.bottom - height;
  return new DOMRect(anchor.left, top, anchor.width, height);
}

function overlaps(a: DOMRect, b: DOMRect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/**
 * Bottom centre on phones (above the bottom bar), bottom right from `md`, as wide as fits: never
 * over the header or the page title. The top edge only when the toast would cover the focused control.
 */
export default function SonnerToaster() {
  // Phone first on the server (and while hydrating its HTML); the browser's answer right after.
  const wide = useSyncExternalStore(
    subscribeWide,
    () => window.matchMedia(WIDE).matches,
    () => false,
  );
  const [edge, setEdge] = useState<Edge>("bottom");
  const edgeRef = useRef(edge);
  edgeRef.current = edge;

  // Mounted after sonner's own Toaster has subscribed (effects run child first), so queued
  // toasts reach it.
  useEffect(() => {
    connectToasts({ show, dismiss });
    return () => connectToasts(null);
  }, []);

  useEffect(() => {
    // One move per focused element: a control too tall for either edge must not send the toast
    // back and forth.
    let movedFor: Element | null = null;
    const check = () => {
      const focused = document.activeElement;
      if (!(focused instanceof HTMLElement) || focused === document.body || focused.closest("[data-sonner-toaster]"))
        return;
      if (movedFor === focused) return;
      const box = toastBox(edgeRef.current);
      if (box && overlaps(box, focused.getBoundingClientRect())) {
        movedFor = focused;
        setEdge((e) => (e === "top" ? "bottom" : "top"));
      }
    };
    keepClearOfFocus = check;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented || current === null) return;
      // The toast is the topmost layer: Escape closes it first, and only it.
      event.preventDefault();
      dismiss(current);
    };
    document.addEventListener("focusin", check);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      keepClearOfFocus = () => {};
      document.removeEventListener("focusin", check);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, []);

  return (
    <Toaster
      position={wide ? `${edge}-right` : `${edge}-center`}
      visibleToasts={1}
      containerAriaLabel="Notifications"
      // Above the phone's bottom bar (its height is --sticky-bottom, set by use-sticky-chrome).
      offset={{ bottom: "calc(var(--sticky-bottom, 0px) + 1rem)", top: "calc(var(--header-height, 4rem) + 0.5rem)" }}
      mobileOffset={{
        bottom: "calc(var(--sticky-bottom, 0px) + 0.75rem)",
        top: "calc(var(--header-height, 4rem) + 0.5rem)",
      }}
      style={{ "--width": "min(26rem, calc(100vw - 2rem))" } as CSSProperties}
    />
  );
}

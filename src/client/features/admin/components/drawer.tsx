import { type ReactNode, useEffect, useId, useRef } from "react";
import { XIcon } from "../../../components/ui/icons";

type DrawerProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  subtitle?: ReactNode;
  /** Buttons pinned under the scrolling body. */
  footer?: ReactNode;
  children: ReactNode;
};

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex="-1"])';

/**
 * A detail panel sliding in from the right (the full screen on phones). Keys are handled only while
 * focus is inside it, so a confirmation dialog opened on top (rendered outside the drawer) owns
 * Escape and Tab until it closes.
 */
export function Drawer({ open, onClose, title, subtitle, footer, children }: DrawerProps) {
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return;
    const previouslyFocused = document.activeElement as HTMLElement | null;
    panelRef.current?.focus();
    const previousOverflow = document.body.style.overflow;
    // The page behind stays put while the panel scrolls.
    document.body.style.overflow = "hidden";

    function onKeyDown(event: KeyboardEvent) {
      const panel = panelRef.current;
      if (!panel?.contains(document.activeElement)) return;
      if (event.key === "Escape") {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (event.key !== "Tab") return;
      const focusable = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE));
      if (focusable.length === 0) return;
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (event.shiftKey && (document.activeElement === first || document.activeElement === panel)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first.focus();
      }
    }
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.body.style.overflow = previousOverflow;
      previouslyFocused?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return (
    <div className="fixed inset-0 z-[80] flex justify-end">
      <div className="absolute inset-0 bg-black/40" aria-hidden="true" onMouseDown={onClose} />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className="relative flex h-full w-full max-w-2xl flex-col bg-base-100 shadow-2xl outline-none sm:border-l sm:border-base-300"
      >
        <header className="flex items-start justify-between gap-3 border-b border-base-300 px-4 py-4 sm:px-6">
          <div className="min-w-0">
            <h2 id={titleId} className="break-words text-lg font-bold">
              {title}
            </h2>
            {subtitle && <div className="mt-0.5 text-sm text-base-content/70">{subtitle}</div>}
          </div>
          <button
            type="button"
            className="btn btn-ghost btn-sm btn-circle shrink-0"
            aria-label="Close"
            onClick={onClose}
          >
            <XIcon />
          </button>
        </header>
        <div className="min-h-0 flex-1 overflow-y-auto px-4 py-5 sm:px-6">{children}</div>
        {footer && (
          <footer className="flex flex-wrap justify-end gap-2 border-t border-base-300 px-4 py-3 sm:px-6">
            {footer}
          </footer>
        )}
      </div>
    </div>
  );
}

import { type ReactNode, useEffect, useId, useRef } from "react";
import { createPortal } from "react-dom";
import { XIcon } from "../../../components/ui/icons";

// The hole dialogs open on top of each other (leaderboard player -> Hole N Details -> Verification
// Details). Each layer is portalled to <body> (a transformed modal box would trap `position:
// fixed` children) and only the top-most layer answers Escape and keeps Tab inside itself. The
// window capture-phase listener runs before the shell's Modal listener on document, so a key
// handled here never also closes a dialog underneath.

const openLayers: string[] = [];
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

type OverlayLayerProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** dialog: centred (bottom sheet on phones); drawer: a panel from the right (bottom sheet on phones). */
  variant?: "dialog" | "drawer";
  /** Extra classes for the panel, e.g. a wider max width. */
  panelClassName?: string;
  footer?: ReactNode;
};

export function OverlayLayer({
  open,
  onClose,
  title,
  description,
  children,
  variant = "dialog",
  panelClassName = "",
  footer,
}: OverlayLayerProps) {
  if (!open) return null;
  return (
    <OpenLayer
      onClose={onClose}
      title={title}
      description={description}
      variant={variant}
      panelClassName={panelClassName}
      footer={footer}
    >
      {children}
    </OpenLayer>
  );
}

function OpenLayer({
  onClose,
  title,
  description,
  children,
  variant,
  panelClassName,
  footer,
}: Omit<OverlayLayerProps, "open">) {
  const layerId = useId();
  const titleId = `${layerId}-title`;
  const descriptionId = `${layerId}-description`;
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const depth = useRef(openLayers.length);

  useEffect(() => {
    openLayers.push(layerId);
    const previouslyFocused = document.activeElement as HTMLElement | null;
    panelRef.current?.focus();

    function onKeyDown(event: KeyboardEvent) {
      if (openLayers[openLayers.length - 1] !== layerId) return;
      const panel = panelRef.current;
      if (event.key === "Escape") {
        event.preventDefault();
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== "Tab" || !panel) return;
      event.stopPropagation();
      const focusable = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE));
      if (focusable.length === 0) {
        event.preventDefault();
        return;
      }
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      const active = document.activeElement;
      if (!panel.contains(active)) {
        event.preventDefault();
        first.focus();
      } else if (event.shiftKey && (active === first || active === panel)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    }
    window.addEventListener("keydown", onKeyDown, true);
    return () => {
      window.removeEventListener("keydown", onKeyDown, true);
      const index = openLayers.lastIndexOf(layerId);
      if (index >= 0) openLayers.splice(index, 1);
      previouslyFocused?.focus?.();
    };
  }, [layerId]);

  const drawer = variant === "drawer";
  // Each layer sits above the one it was opened from (and below the toasts at 1100).
  const zIndex = 1000 + depth.current * 2;

  return createPortal(
    <div className="fixed inset-0" style={{ zIndex }}>
      <div className="absolute inset-0 bg-black/40" aria-hidden="true" onMouseDown={() => onCloseRef.current()} />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={`absolute flex max-h-[90dvh] flex-col bg-base-100 shadow-xl outline-none ${
          drawer
            ? "inset-x-0 bottom-0 rounded-t-box sm:inset-y-0 sm:left-auto sm:right-0 sm:max-h-none sm:w-96 sm:rounded-none sm:rounded-l-box"
            : "inset-x-0 bottom-0 rounded-t-box sm:inset-auto sm:left-1/2 sm:top-1/2 sm:w-[calc(100%-2rem)] sm:max-w-md sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-box"
        } ${panelClassName}`}
      >
        <div className="flex items-start justify-between gap-3 border-b border-base-300 px-5 py-4">
          <div className="min-w-0">
            <h2 id={titleId} className="break-words text-lg font-bold">
              {title}
            </h2>
            {description && (
              <p id={descriptionId} className="mt-0.5 text-sm text-base-content/70">
                {description}
              </p>
            )}
          </div>
          {/* With a footer the layer brings its own Close button; one is enough for every reader. */}
          {!footer && (
            <button
              type="button"
              className="btn btn-ghost btn-sm btn-circle shrink-0"
              aria-label="Close dialog"
              onClick={() => onCloseRef.current()}
            >
              <XIcon />
            </button>
          )}
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
        {footer && <div className="border-t border-base-300 px-5 py-3">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}

import { type HTMLAttributes, type ReactNode, useId, useLayoutEffect, useRef } from "react";
import { firstField, tabbables } from "../../lib/focus";
import { raiseToasts } from "../../lib/toast";
import { XIcon } from "./icons";

// The one overlay of the app: a native <dialog> opened with showModal(), so the browser provides
// the top layer, the inert page behind, the focus trap and Escape (a dialog opened from another
// stacks above it and Escape closes only the top one). daisyUI's modal classes draw it.

type Placement = "modal" | "panel" | "sheet" | "drawer";

type DialogProps = {
  open: boolean;
  onClose: () => void;
  /** The visible heading that names the dialog; without one, `label` names it. */
  title?: ReactNode;
  label?: string;
  /** Read out with the name (aria-describedby). */
  description?: ReactNode;
  /** A line under the title that is not part of the description. */
  subtitle?: ReactNode;
  children: ReactNode;
  /** Pinned under the scrolling body (panel, sheet and drawer). */
  footer?: ReactNode;
  /**
   * modal: a plain box, centred (a bottom sheet on phones); panel: the same place with a header,
   * scrolling body and footer; sheet: a bottom sheet on phones, a side panel from `sm`; drawer: a
   * full-height side panel (the whole screen on phones).
   */
  placement?: Placement;
  /** The header's X button and its accessible name; none when omitted. */
  closeLabel?: string;
  /** Extra classes for the box, e.g. a wider max width. */
  boxClassName?: string;
  /** Attributes for the box (data hooks). */
  boxProps?: HTMLAttributes<HTMLDivElement> & Record<`data-${string}`, string>;
};

const DIALOG_CLASS: Record<Placement, string> = {
  modal: "modal modal-bottom sm:modal-middle",
  panel: "modal modal-bottom sm:modal-middle",
  sheet: "modal modal-bottom sm:modal-end",
  drawer: "modal modal-end",
};

const BOX_CLASS: Record<Placement, string> = {
  modal: "modal-box w-full sm:max-w-md",
  panel: "modal-box flex max-h-[90dvh] w-full flex-col p-0 sm:max-w-md",
  sheet: "modal-box flex max-h-[90dvh] w-full flex-col p-0 sm:h-full sm:max-h-none sm:w-96",
  drawer: "modal-box flex h-full max-h-none w-full max-w-2xl flex-col rounded-none p-0 sm:border-l sm:border-base-300",
};

export function Dialog(props: DialogProps) {
  if (!props.open) return null;
  return <OpenDialog {...props} />;
}

function OpenDialog({
  onClose,
  title,
  label,
  description,
  subtitle,
  children,
  footer,
  placement = "modal",
  closeLabel,
  boxClassName = "",
  boxProps,
}: DialogProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    const box = boxRef.current;
    if (!dialog || !box) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // Escape: the app decides (a pending confirmation may refuse to close).
    const onCancel = (event: Event) => {
      event.preventDefault();
      onCloseRef.current();
    };
    // Closed by the browser itself (it may skip a refused cancel after repeated Escapes).
    const onNativeClose = () => onCloseRef.current();
    // The browser keeps the page behind inert, but Tab past the last control leaves for the
    // browser's own toolbar; wrap around instead so focus stays in the dialog (WCAG 2.4.3).
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Tab") return;
      const stops = tabbables(dialog);
      const first = stops[0];
      const last = stops[stops.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === box)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    };
    dialog.addEventListener("cancel", onCancel);
    dialog.addEventListener("close", onNativeClose);
    dialog.addEventListener("keydown", onKeyDown);
    if (!dialog.open) dialog.showModal();
    // A form starts in its first field and a confirmation on its first control (the least
    // destructive comes first), never on the box; a panel without fields takes focus itself so a
    // reader starts at its title.
    const first =
      box.querySelector<HTMLElement>("[data-autofocus]") ??
      firstField(box) ??
      (placement === "modal" ? (tabbables(box)[0] ?? null) : null);
    (first ?? box).focus();
    // Toasts raised while the dialog is open show above it.
    raiseToasts();
    return () => {
      dialog.removeEventListener("cancel", onCancel);
      dialog.removeEventListener("close", onNativeClose);
      dialog.removeEventListener("keydown", onKeyDown);
      if (dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, [placement]);

  const plain = placement === "modal";
  return (
    <dialog
      ref={dialogRef}
      className={DIALOG_CLASS[placement]}
      aria-labelledby={title ? titleId : undefined}
      aria-label={title ? undefined : label}
      aria-describedby={description ? descriptionId : undefined}
      onMouseDown={(event) => event.target === event.currentTarget && onCloseRef.current()}
    >
      <div ref={boxRef} tabIndex={-1} {...boxProps} className={`${BOX_CLASS[placement]} outline-none ${boxClassName}`}>
        {plain ? (
          <>
            {title && (
              <h2 id={titleId} className="text-lg font-bold">
                {title}
              </h2>
            )}
            {description && (
              <p id={descriptionId} className="mt-1 text-sm text-base-content/70">
                {description}
              </p>
            )}
            {title ? <div className="mt-4">{children}</div> : children}
          </>
        ) : (
          <>
            <header className="flex items-start justify-between gap-3 border-b border-base-300 px-5 py-4">
              <div className="min-w-0">
                <h2 id={titleId} className="break-words text-lg font-bold">
                  {title}
                </h2>
                {description && (
                  <p id={descriptionId} className="mt-0.5 text-sm text-base-content/70">
                    {description}
                  </p>
                )}
                {subtitle && <div className="mt-0.5 text-sm text-base-content/70">{subtitle}</div>}
              </div>
              {closeLabel && (
                <button
                  type="button"
                  className="btn btn-ghost btn-sm btn-circle shrink-0"
                  aria-label={closeLabel}
                  onClick={() => onCloseRef.current()}
                >
                  <XIcon />
                </button>
              )}
            </header>
            <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
            {footer && (
              <footer className="flex flex-wrap justify-end gap-2 border-t border-base-300 px-5 py-3">{footer}</footer>
            )}
          </>
        )}
      </div>
    </dialog>
  );
}

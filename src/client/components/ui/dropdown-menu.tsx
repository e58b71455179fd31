import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";

type DropdownMenuProps = {
  /** Accessible name of the trigger button. */
  label: string;
  /**
   * Name the trigger with visually hidden text instead of aria-label: for triggers showing text
   * that is not their name (an avatar's initials), which an aria-label would contradict (WCAG 2.5.3).
   */
  labelAsText?: boolean;
  trigger: ReactNode;
  triggerClassName?: string;
  /** The menu's items; call `close` once an item has done its work. */
  children: (close: () => void) => ReactNode;
  align?: "start" | "end";
};

/**
 * A click-to-open menu. daisyUI's focus-based dropdown closes unpredictably when focus moves (and
 * cannot report aria-expanded), so open state lives in React.
 */
export function DropdownMenu({
  label,
  labelAsText = false,
  trigger,
  triggerClassName = "btn btn-ghost",
  children,
  align = "end",
}: DropdownMenuProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);

  // An item was chosen: the menu (and the focused item) goes, so focus returns to the button
  // that opened it (WCAG 2.4.3); an item that navigates hands it on to the new page's heading.
  const close = () => {
    setOpen(false);
    buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    menuRef.current?.querySelector<HTMLElement>('[role^="menuitem"]:not([aria-disabled="true"])')?.focus();
    function onPointerDown(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  function onMenuKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const items = Array.from(
      menuRef.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]:not([aria-disabled="true"])') ?? [],
    );
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === "Escape") {
      event.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === "ArrowDown") {
      event.preventDefault();
      items[(index + 1) % items.length]?.focus();
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      items[(index - 1 + items.length) % items.length]?.focus();
    } else if (event.key === "Home") {
      event.preventDefault();
      items[0]?.focus();
    } else if (event.key === "End") {
      event.preventDefault();
      items[items.length - 1]?.focus();
    } else if (event.key === "Tab") {
      setOpen(false);
    }
  }

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        className={triggerClassName}
        aria-label={labelAsText ? undefined : label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {labelAsText && <span className="sr-only">{label}</span>}
        {trigger}
      </button>
      {open && (
        <ul
          ref={menuRef}
          id={menuId}
          role="menu"
          aria-label={label}
          onKeyDown={onMenuKeyDown}
          className={`menu absolute z-50 mt-2 w-56 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg ${align === "end" ? "right-0" : "left-0"}`}
        >
          {children(close)}
        </ul>
      )}
    </div>
  );
}

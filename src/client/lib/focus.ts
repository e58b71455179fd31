// Small focus helpers for keeping keyboard focus somewhere sensible (WCAG 2.4.3).

const TABBABLE = [
  "a[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type=hidden])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "[tabindex]",
].join(",");

/** The elements Tab stops at inside `root`, in order (visible, enabled, not tabindex -1). */
export function tabbables(root: ParentNode): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(TABBABLE)).filter(
    (el) => el.tabIndex >= 0 && !el.closest("[inert]") && el.getClientRects().length > 0,
  );
}

/** The first form field in `root` a person would type into. */
export function firstField(root: ParentNode): HTMLElement | null {
  return (
    Array.from(
      root.querySelectorAll<HTMLElement>(
        "input:not([disabled]):not([type=hidden]):not([readonly]), textarea:not([disabled]):not([readonly]), select:not([disabled])",
      ),
    ).find((el) => el.getClientRects().length > 0) ?? null
  );
}

/**
 * Moves focus to `el`, making a heading or region focusable from script only (tabindex -1) when it
 * is not focusable already.
 */
export function focusElement(el: HTMLElement | null | undefined, options: FocusOptions = {}): boolean {
  if (!el?.isConnected) return false;
  if (el.tabIndex < 0 && !el.hasAttribute("tabindex")) el.setAttribute("tabindex", "-1");
  el.focus(options);
  return document.activeElement === el;
}

/**
 * After a refused submit: focus the first field marked invalid (WCAG 3.3.1), so its message (tied
 * to it by aria-describedby) is read at once. Call once the messages are on screen (flushSync).
 */
export function focusFirstInvalid(root: ParentNode | null | undefined): boolean {
  const field = root?.querySelector<HTMLElement>('[aria-invalid="true"]');
  return focusElement(field);
}

const NOT_TYPED_INTO = new Set(["button", "submit", "reset", "checkbox", "radio", "range", "color", "file", "image"]);

/** True while focus is in a field the golfer types into or picks from (input, textarea, select). */
export function isEditingField(el: Element | null = document.activeElement): boolean {
  if (!(el instanceof HTMLElement)) return false;
  if (el.isContentEditable || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement) return true;
  return el instanceof HTMLInputElement && !NOT_TYPED_INTO.has(el.type);
}

/**
 * Keeps whatever Tab lands on wholly in view (WCAG 2.4.11). The browser scrolls a focused
 * element into view only when it is completely hidden; one that is half clipped by a scrolling
 * box (a wide admin table scrolled sideways by the previous row's last button) stays half
 * hidden. Only focus moved by the keyboard is adjusted: script that focuses without scrolling
 * (a page heading after Back, keeping the restored scroll position) is left alone.
 */
export function keepKeyboardFocusInView(): () => void {
  let tabbedAt = Number.NEGATIVE_INFINITY;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "Tab") tabbedAt = performance.now();
  };
  const onFocusIn = (event: FocusEvent) => {
    if (performance.now() - tabbedAt > 500 || !(event.target instanceof HTMLElement)) return;
    event.target.scrollIntoView({ block: "nearest", inline: "nearest" });
  };
  document.addEventListener("keydown", onKeyDown, true);
  document.addEventListener("focusin", onFocusIn);
  return () => {
    document.removeEventListener("keydown", onKeyDown, true);
    document.removeEventListener("focusin", onFocusIn);
  };
}

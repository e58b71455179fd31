import { useLayoutEffect } from "react";

// Sticky bars (the header, the phone bottom bar, the admin bar on phones) are marked
// data-sticky="top" or "bottom". Their measured heights become --sticky-top and --sticky-bottom,
// which size the page's scroll-padding (styles.css): whatever the browser scrolls into view for
// focus stops clear of the bars, at any text size (WCAG 2.4.11).
//
// With large text on a short screen the bars would eat the page (at 200% text on a 390x844 phone
// they took 241 px), so past a quarter of the window they stop sticking and scroll away with the
// content (WCAG 1.4.4, 1.4.10): html[data-chrome="static"].

const MAX_SHARE_OF_WINDOW = 0.25;

function measure() {
  const root = document.documentElement;
  let top = 0;
  let bottom = 0;
  for (const bar of document.querySelectorAll<HTMLElement>("[data-sticky]")) {
    const rect = bar.getBoundingClientRect();
    // Hidden (the bottom bar from 768 px) or a side column (the admin bar from 768 px).
    if (rect.height === 0 || rect.width < window.innerWidth / 2) continue;
    if (bar.dataset.sticky === "bottom") bottom += rect.height;
    else top += rect.height;
  }
  // Where a second sticky bar (the admin bar on phones) docks: right under the header. Read with
  // the bars, before any write below: a read after a write makes the browser restyle and lay out
  // the whole page at once, inside this callback (it doubled a load's layout work, ADR 0052).
  const header = document.querySelector<HTMLElement>('header[data-sticky="top"]');
  const headerHeight = Math.floor(header?.getBoundingClientRect().height ?? 0);
  const tooTall = top + bottom > window.innerHeight * MAX_SHARE_OF_WINDOW;
  if (tooTall !== (root.dataset.chrome === "static")) {
    if (tooTall) root.dataset.chrome = "static";
    else delete root.dataset.chrome;
  }
  setVariable(root, "--sticky-top", `${tooTall ? 0 : Math.ceil(top)}px`);
  setVariable(root, "--sticky-bottom", `${tooTall ? 0 : Math.ceil(bottom)}px`);
  setVariable(root, "--header-height", `${headerHeight}px`);
}

/** Writes only a change: every write restyles the whole document, and the page grows often. */
function setVariable(root: HTMLElement, name: string, value: string) {
  if (root.style.getPropertyValue(name) !== value) root.style.setProperty(name, value);
}

/** Keeps --sticky-top / --sticky-bottom in step with the layout's bars while it is mounted. */
export function useStickyChrome() {
  useLayoutEffect(() => {
    // No measuring here: reading sizes inside React's commit forces a layout in the middle of the
    // first render's long task (issue 19, TBT). The observer's first call comes after the
    // browser's own layout and before that frame is painted, so the bars are right on screen.
    const observer = new ResizeObserver(() => measure());
    for (const bar of document.querySelectorAll("[data-sticky]")) observer.observe(bar);
    // The text size and the window change the share of the window the bars take.
    observer.observe(document.documentElement);
    window.addEventListener("resize", measure);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", measure);
      const root = document.documentElement;
      delete root.dataset.chrome;
      root.style.removeProperty("--sticky-top");
      root.style.removeProperty("--sticky-bottom");
      root.style.removeProperty("--header-height");
    };
  }, []);
}

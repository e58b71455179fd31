import { useEffect, useRef } from "react";
import { useLocation } from "../lib/router";
import { announce } from "../lib/announce";

// How long a new page may take to show its heading and finish its first loads before the
// announcement goes out anyway.
const SETTLE_LIMIT_MS = 3000;
const GIVE_UP_MS = 6000;
const POLL_MS = 50;

/**
 * After a client-side navigation (a new path; tabs and filters in the query are not one), focus
 * moves to the new page's h1 and its title is announced (WCAG 2.4.3, 4.1.3): the link that was
 * pressed has usually gone with the old page, which would leave focus on <body>. Pages load their
 * chunk and data at their own pace, so this waits for the heading, then for the spinners to go
 * and the new page's title (set by its effect, which may run after the heading is on screen; the
 * title may still gain a challenge's name). Focus is only moved while it is still where the
 * navigation left it, never taken from something the golfer has moved to since.
 */
export function RouteFocus() {
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);

  useEffect(() => {
    if (previous.current === null || previous.current === pathname) {
      // The first page of a visit keeps the browser's own start (the skip link comes first).
      previous.current = pathname;
      return;
    }
    previous.current = pathname;
    return followNavigation(document.activeElement);
  }, [pathname]);

  return null;
}

function followNavigation(leftOn: Element | null): () => void {
  const started = performance.now();
  const oldTitle = document.title;
  let focused = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const untouched = () => {
    const active = document.activeElement;
    return !active || active === document.body || active === leftOn || !leftOn?.isConnected;
  };

  const tick = () => {
    const elapsed = performance.now() - started;
    const page = document.querySelector("main") ?? document.body;
    const heading = page.querySelector<HTMLElement>("h1");
    if (heading && !focused) {
      focused = true;
      if (untouched()) {
        if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
        // The scroll position is the router's business (top for a new page, kept on Back).
        heading.focus({ preventScroll: true });
      }
    }
    const busy = page.querySelector(".loading, .skeleton") !== null || document.title === oldTitle;
    if ((focused && (!busy || elapsed > SETTLE_LIMIT_MS)) || elapsed > GIVE_UP_MS) {
      announce(document.title);
      return;
    }
    timer = setTimeout(tick, POLL_MS);
  };

  timer = setTimeout(tick, 0);
  return () => clearTimeout(timer);
}

import {
  type AnchorHTMLAttributes,
  createContext,
  type MouseEvent,
  type ReactNode,
  type Ref,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
} from "react";
import { useParams as useRouteParams } from "wouter";
import { useLocationProperty, usePathname, useSearch } from "wouter/use-browser-location";

// The app's router API: react-router's names and meaning on top of wouter, ~30 KB gzipped lighter
// on the first load (issue 19, ADR 0047). Pages and layouts import routing from here only.

export { Route, Switch } from "wouter";

/** What each history entry carries; react-router's shape, so entries made before the switch still read. */
type HistoryEntry = { usr?: unknown; key?: string; idx?: number };

export type Location = { pathname: string; search: string; hash: string; state: unknown; key: string };
export type NavigateOptions = { replace?: boolean; state?: unknown; preventScrollReset?: boolean };
export type NavigateFunction = {
  (to: string, options?: NavigateOptions): void;
  (delta: number): void;
};

const SCROLL_STORAGE_KEY = "scroll-positions";
// Scroll position per history entry (its key), kept over reloads for the tab (sessionStorage).
let scrollPositions: Record<string, number> = {};
// The entry whose page is on screen: popstate has already moved history.state to the next one.
let shownKey: string | null = null;
// The navigation under way asked to keep the scroll position (tabs and filters in the query).
let keepScroll = false;

function currentEntry(): HistoryEntry | null {
  const state: unknown = window.history.state;
  return state && typeof state === "object" ? (state as HistoryEntry) : null;
}

function newKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

function rememberScroll() {
  if (shownKey) scrollPositions[shownKey] = window.scrollY;
}

function storedPositions(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(SCROLL_STORAGE_KEY) ?? "{}") ?? {};
  } catch {
    return {};
  }
}

/**
 * Called once before the first render: gives the entry the visit starts on an index and a key
 * (Back/forward scroll memory and historyIndex() need them). The popstate listener goes in before
 * the router's own, so the position saved is the page being left.
 */
export function startHistory() {
  const entry = currentEntry();
  if (entry?.idx == null || !entry.key)
    window.history.replaceState({ ...entry, key: entry?.key || newKey(), idx: entry?.idx ?? 0 }, "");
  // Only an entry that already had a key (a reload, a return to an earlier visit) can have a saved
  // position. A first visit leaves sessionStorage alone: its first access in a tab took 1.6-16 ms
  // of the entry's task here (issue 19, TBT); pagehide merges with what is stored instead.
  if (entry?.key) scrollPositions = storedPositions();
  window.addEventListener("popstate", () => {
    rememberScroll();
    keepScroll = false;
  });
  window.addEventListener("pagehide", () => {
    rememberScroll();
    try {
      // What this document saw wins over what the tab stored (the same, when read at the start).
      scrollPositions = { ...storedPositions(), ...scrollPositions };
      sessionStorage.setItem(SCROLL_STORAGE_KEY, JSON.stringify(scrollPositions));
    } catch {
      // Storage full or blocked: a reload starts at the top, nothing worse.
    }
    // Leaving the document: the browser keeps the position for its own Back (react-router does this too).
    window.history.scrollRestoration = "auto";
  });
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) window.history.scrollRestoration = "manual";
  });
}

/** Where this entry sits in the tab's history from the start of the visit (0: the first page). */
export function historyIndex(): number {
  return currentEntry()?.idx ?? 0;
}

function go(to: string, { replace = false, state = null, preventScrollReset = false }: NavigateOptions = {}) {
  rememberScroll();
  keepScroll = preventScrollReset;
  const entry: HistoryEntry = { usr: state, key: newKey(), idx: historyIndex() + (replace ? 0 : 1) };
  if (replace) window.history.replaceState(entry, "", to);
  else window.history.pushState(entry, "", to);
}

const navigate = ((to: string | number, options?: NavigateOptions) => {
  if (typeof to === "number") window.history.go(to);
  else go(to, options);
}) as NavigateFunction;

/** navigate(to, { replace, state, preventScrollReset }) or navigate(-1); the same function every render. */
export function useNavigate(): NavigateFunction {
  return navigate;
}

// Each store's "server" value is, in a browser, the browser's own (on the server the stand-ins
// give "" and null, and the prerendered sign-in page renders nothing from either). Hydration reads
// the server value; one that differed from the browser's (wouter's default for the history entry
// is null, and startHistory() has given the entry a key by then) made React re-render every
// location reader synchronously right after hydrating, and that sync render forced the page's
// boundary still hydrating as a transition to finish in the same long task (issue 19, TBT; ADR 0068).
const currentHash = () => window.location.hash;
// wouter types its store hook for primitives only; its own useHistoryState passes it an object.
const useLocationValue = useLocationProperty as <T>(read: () => T, readOnServer: () => T) => T;

export function useLocation(): Location {
  const pathname = usePathname();
  const search = useSearch();
  const hash = useLocationProperty(currentHash, currentHash);
  const entry = useLocationValue(currentEntry, currentEntry);
  // A new object per navigation (each has its own history.state), like react-router's location.
  return useMemo(
    () => ({ pathname, search, hash, state: entry?.usr ?? null, key: entry?.key ?? "default" }),
    [pathname, search, hash, entry],
  );
}

/** The current route's parameters (wouter has decoded the path with decodeURI). */
export function useParams(): Readonly<Record<string, string | undefined>> {
  return useRouteParams();
}

type SearchParamsInit = string | string[][] | Record<string, string> | URLSearchParams;

export function useSearchParams(): [
  URLSearchParams,
  (next: SearchParamsInit | ((previous: URLSearchParams) => SearchParamsInit), options?: NavigateOptions) => void,
] {
  const search = useSearch();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (next: SearchParamsInit | ((previous: URLSearchParams) => SearchParamsInit), options?: NavigateOptions) => {
      // Read at call time, so two updates in one event both land.
      const value = new URLSearchParams(
        typeof next === "function" ? next(new URLSearchParams(window.location.search)) : next,
      ).toString();
      // Like react-router's navigate("?…"): same path, the hash dropped, no bare "?" for an empty query.
      go(window.location.pathname + (value ? `?${value}` : ""), options);
    },
    [],
  );
  return [params, setParams];
}

/** A path inside the app for `to`, or null for another origin (left to the browser). */
function appPath(to: string): string | null {
  if (!/^([a-z][a-z\d+.-]*:|\/\/)/i.test(to)) return to;
  const url = new URL(to, window.location.href);
  return url.origin === window.location.origin ? url.pathname + url.search + url.hash : null;
}

function samePlace(path: string): boolean {
  const { pathname, search, hash } = new URL(path, window.location.href);
  return pathname + search + hash === window.location.pathname + window.location.search + window.location.hash;
}

export type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  to: string;
  replace?: boolean;
  state?: unknown;
  preventScrollReset?: boolean;
  ref?: Ref<HTMLAnchorElement>;
};

export function Link({ to, replace, state, preventScrollReset, onClick, target, ...rest }: LinkProps) {
  function click(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event);
    const path = appPath(to);
    // New tab, new window, download and other origins stay the browser's (as in react-router).
    const plain =
      event.button === 0 &&
      (!target || target === "_self") &&
      !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);
    if (event.defaultPrevented || !plain || path === null) return;
    event.preventDefault();
    // A link to the page already shown replaces its entry rather than stacking a copy (react-router).
    go(path, { replace: replace ?? samePlace(path), state, preventScrollReset });
  }
  return <a {...rest} href={to} target={target} onClick={click} />;
}

/** react-router's NavLink rule: the same path, or (without `end`) a path below it; case-insensitive. */
export function isActivePath(pathname: string, to: string, end = false): boolean {
  const here = pathname.toLowerCase();
  const target = (to.split(/[?#]/)[0] ?? "").toLowerCase();
  const slashAt = target !== "/" && target.endsWith("/") ? target.length - 1 : target.length;
  return here === target || (!end && here.startsWith(target) && here.charAt(slashAt) === "/");
}

export type NavLinkProps = Omit<LinkProps, "className"> & {
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
};

/** A Link that knows it is current: aria-current="page", and `isActive` for its class (or "active"). */
export function NavLink({ end, className, to, ...rest }: NavLinkProps) {
  const isActive = isActivePath(usePathname(), to, end);
  const classes =
    typeof className === "function"
      ? className({ isActive })
      : [className, isActive && "active"].filter(Boolean).join(" ");
  return <Link aria-current={isActive ? "page" : undefined} {...rest} to={to} className={classes || undefined} />;
}

/** Navigates when rendered (after commit, as react-router's does); renders nothing. */
export function Navigate({ to, replace, state }: { to: string; replace?: boolean; state?: unknown }) {
  useEffect(() => {
    go(to, { replace, state });
  }, [to, replace, state]);
  return null;
}

const OutletContext = createContext<ReactNode>(null);

/** Renders `layout` with `children` as what its <Outlet /> shows (react-router's layout routes). */
export function WithOutlet({ layout, children }: { layout: ReactNode; children: ReactNode }) {
  return <OutletContext value={children}>{layout}</OutletContext>;
}

export function Outlet() {
  return useContext(OutletContext);
}

// How long a page still loading its data (a reload, a cold Back) is followed to reach its position.
const RESTORE_WAIT_MS = 3000;
const USER_SCROLL_EVENTS = ["wheel", "touchstart", "keydown", "pointerdown"] as const;

/**
 * Scrolls to `y`; while the page is still too short for it (react-router left it clamped), follows
 * its growth for a moment, until the golfer scrolls or moves on. Returns the way to stop.
 */
function restoreScroll(y: number): () => void {
  window.scrollTo(0, y);
  if (window.scrollY >= y - 1) return () => {};
  const until = performance.now() + RESTORE_WAIT_MS;
  let frame = 0;
  const stop = () => {
    cancelAnimationFrame(frame);
    for (const type of USER_SCROLL_EVENTS) window.removeEventListener(type, stop);
  };
  const follow = () => {
    if (document.documentElement.scrollHeight - window.innerHeight >= y) {
      window.scrollTo(0, y);
      stop();
    } else if (performance.now() > until) stop();
    else frame = requestAnimationFrame(follow);
  };
  for (const type of USER_SCROLL_EVENTS) window.addEventListener(type, stop, { passive: true });
  frame = requestAnimationFrame(follow);
  return stop;
}

function decodeHash(hash: string): string {
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return hash.slice(1);
  }
}

/**
 * react-router's scroll rule: a new entry starts at the top (or at its #hash target), Back and
 * forward return to where that entry was left, and a navigation with preventScrollReset stays
 * put. Needs startHistory() to have run.
 */
export function ScrollRestoration() {
  const location = useLocation();
  // After the first render, as react-router did: a reload's own restoring by the browser still runs.
  useEffect(() => {
    window.history.scrollRestoration = "manual";
    return () => {
      window.history.scrollRestoration = "auto";
    };
  }, []);
  // Once per navigation: each one brings a new location object.
  useLayoutEffect(() => {
    shownKey = currentEntry()?.key ?? null;
    const keep = keepScroll;
    keepScroll = false;
    const saved = shownKey ? scrollPositions[shownKey] : undefined;
    if (typeof saved === "number") return restoreScroll(saved);
    if (location.hash) {
      const target = document.getElementById(decodeHash(location.hash));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    if (!keep) window.scrollTo(0, 0);
  }, [location]);
  return null;
}

// What a browser has and the app's first render reads, stood in for outside a browser (ADR 0054,
// 0055): the build's prerender and the server's first-screen worker render the client's
// components, which read the location, a few media queries and storage as they load and render.
// Only for a process or worker that does nothing else: these are globals.

const noop = () => {};

/** Installs the stand-ins on this global scope, at `path` (with its query). */
export function standInBrowser(path: string): void {
  const store = { getItem: () => null, setItem: noop, removeItem: noop };
  const g = globalThis as Record<string, unknown>;
  Object.assign(g, {
    window: g,
    history: { state: null, replaceState: noop, pushState: noop, go: noop },
    matchMedia: () => ({ matches: false, addEventListener: noop, removeEventListener: noop }),
    addEventListener: noop,
    removeEventListener: noop,
    localStorage: store,
    sessionStorage: store,
    // No requests from a render: what a page would ask for in the browser (its queries, prefetched
    // as they mount) fails here at once instead of reaching whatever the relative URL would name.
    fetch: () => Promise.reject(new Error("no network in a first-screen render")),
  });
  // Online: the query client starts from navigator.onLine, and Bun's navigator has none (offline,
  // every page would render its "nothing here" state instead of its loading state).
  Object.defineProperty(globalThis.navigator, "onLine", { value: true, configurable: true });
  standInLocation(path);
}

/** Moves the stand-in location to `path` (with its query): the page the next render is of. */
export function standInLocation(path: string): void {
  (globalThis as Record<string, unknown>).location = new URL(path, "http://localhost");
}

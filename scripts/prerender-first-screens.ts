// Renders the sign-in page's first screen into HTML at build time (ADR 0054), so a phone paints the
// form from the server's answer, before any script, and React hydrates it instead of replacing a
// "Loading..." shell. Run by `bun run build` after `vite build` and before precompress (honours
// BUILD_OUT_DIR).
//
//   bun scripts/prerender-first-screens.ts
//
// The page is rendered from the app's own components (src/client/app/app.tsx) with React's static
// renderer, in this process only, where a few browser globals are stood in for: the first render
// reads the location and some media queries, and nothing here runs effects.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
// One list for the build and the server that sends the files.
import { FIRST_SCREENS, FIRST_SCREENS_DIR } from "../src/server/http/first-paint";

/** What the browser has and the first render reads, for a signed-out visitor on a phone. */
function standInBrowser(path: string) {
  const noop = () => {};
  const store = { getItem: () => null, setItem: noop, removeItem: noop };
  const g = globalThis as Record<string, unknown>;
  Object.assign(g, {
    window: g,
    location: new URL(path, "http://localhost"),
    history: { state: null, replaceState: noop, pushState: noop, go: noop },
    matchMedia: () => ({ matches: false, addEventListener: noop, removeEventListener: noop }),
    addEventListener: noop,
    removeEventListener: noop,
    localStorage: store,
    sessionStorage: store,
  });
}

/**
 * The built index.html with `markup` in #root and the entry named in a meta element instead of a
 * module script: /after-first-paint.js loads it once the browser has painted (ADR 0054). As a
 * module script (or a modulepreload) it would download beside the stylesheet and run as soon as it
 * arrived, often before the first frame, and the finished form would wait for the app. The price:
 * the app starts a round trip later than it could, the form being on screen meanwhile.
 */
export function firstScreenHtml(index: string, path: string, markup: string): string {
  const root = /<div id="root">[\s\S]*?<\/div><\/div>/;
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
  const src = entry.exec(index)?.[1];
  if (!root.test(index)) throw new Error("index.html: no #root with the loading shell in it");
  if (!src) throw new Error("index.html: no module entry script");
  return (
    index
      .replace(entry, `<meta name="app-entry" content="${src}"><script async src="/after-first-paint.js"></script>`)
      // inert until React has adopted the nodes (main.tsx): the form shows at once, but what is typed
      // before hydration would be wiped by it (the inputs are controlled), so nothing takes input yet.
      .replace(root, () => `<div id="root" data-first-screen="${path}" inert>${markup}</div>`)
  );
}

async function main() {
  const out = resolve(process.env.BUILD_OUT_DIR ?? "dist/client");
  const index = readFileSync(join(out, "index.html"), "utf8");
  mkdirSync(join(out, FIRST_SCREENS_DIR), { recursive: true });
  for (const screen of FIRST_SCREENS) {
    standInBrowser(screen.path);
    // Imported after the stand-ins: some modules read the location when they load.
    const [{ createElement, StrictMode }, { prerender }, { App }] = await Promise.all([
      import("react"),
      import("react-dom/static"),
      import("../src/client/app/app"),
    ]);
    const { prelude } = await prerender(createElement(StrictMode, null, createElement(App)));
    const markup = await new Response(prelude).text();
    writeFileSync(join(out, screen.file), firstScreenHtml(index, screen.path, markup));
    console.log(`first screen ${screen.path}: ${markup.length} characters -> ${screen.file}`);
  }
}

if (import.meta.main) {
  await main();
  // The app's modules leave timers behind (the query client's garbage collection, the toaster):
  // nothing else is to come from this process.
  process.exit(0);
}

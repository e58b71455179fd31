import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { type FirstPaintBlock, pageDataUrl } from "../../shared/domain/page-data";

// First paint (issue 19): the HTML the server answers for an app route carries who is signed in
// (a JSON data block: the CSP forbids inline scripts, and a data block is never executed), a
// modulepreload of the route page's chunks (read from Vite's build manifest) so they download
// beside the entry instead of after it, and a preload of the data the page opens with, which the
// client's first request for it picks up: the dashboard's (GET /api/dashboard) and a challenge's
// (GET /api/challenges/:id; the client asks for the rest of its overview in the same moment).

/** A module preload as Vite writes it into index.html, and as the server adds one. */
const MODULEPRELOAD = /<link rel="modulepreload" crossorigin href="\/([^"]+)">\s*/g;
const modulepreload = (file: string) => `<link rel="modulepreload" crossorigin href="/${file}">`;

/** The page module of each route, as the client's router lazy-loads it (src/client/app/router.tsx). */
const SIGNED_IN_PAGES: [RegExp, string][] = [
  [/^\/$/, "features/dashboard/routes/dashboard-page.tsx"],
  [/^\/challenges$/, "features/challenges/routes/challenges-page.tsx"],
  [/^\/challenges\/new$/, "features/challenges/routes/new-challenge-page.tsx"],
  [/^\/challenges\/\d+$/, "features/challenges/routes/challenge-detail-page.tsx"],
  [/^\/challenges\/\d+\/edit$/, "features/challenges/routes/edit-challenge-page.tsx"],
  [/^\/record-birdies(\/\d+)?$/, "features/birdies/routes/record-birdies-page.tsx"],
  [/^\/achievements$/, "features/achievements/routes/achievements-page.tsx"],
  [/^\/leaderboard$/, "features/leaderboards/routes/leaderboards-page.tsx"],
  [/^\/leaderboard\/global$/, "features/leaderboards/routes/global-leaderboard-page.tsx"],
  [/^\/leaderboard\/my-challenges$/, "features/leaderboards/routes/my-challenges-leaderboard-page.tsx"],
  [/^\/leaderboard\/\d+$/, "features/leaderboards/routes/challenge-leaderboard-page.tsx"],
  [/^\/profile$/, "features/profile/routes/profile-page.tsx"],
  [/^\/notifications$/, "features/notifications/routes/notifications-page.tsx"],
  [/^\/support$/, "features/support/routes/support-page.tsx"],
];
const AUTH_PAGE = "features/auth/routes/auth-page.tsx";
const SIGNED_IN_ONLY = SIGNED_IN_PAGES.map(([pattern]) => pattern);

type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };
export type Manifest = Record<string, ManifestChunk>;

/**
 * The files a chunk of Vite's build manifest loads before it runs: its own and those of every
 * chunk it imports statically, added to `into` (a file already there is not walked again).
 */
export function staticChunkFiles(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticChunkFiles(manifest, imported, into);
  return into;
}

export type FirstPaintUser = Record<string, unknown> | null;

/** Where the build keeps prerendered first screens (scripts/prerender-first-screens.ts). */
export const FIRST_SCREENS_DIR = "first-screens";

/** The client's first-screen renderer bundled for the server's worker (ADR 0055), under the static folder. */
export const RENDER_BUNDLE = `${FIRST_SCREENS_DIR}/render.js`;

/** The prerendered first screens: the path the build renders, the file the server sends for it. */
export const FIRST_SCREENS: readonly { path: string; file: string }[] = [
  { path: "/auth", file: `${FIRST_SCREENS_DIR}/auth.html` },
];

/**
 * The prerendered first screen for a signed-out visitor's request (ADR 0054), as a path under the
 * static folder, or null for the plain index.html: the sign-in page's Login tab. The file holds the
 * page as the app renders /auth with no query; `?tab=register` renders another tab, so it gets the
 * plain page (a signed-in visitor is sent on from /auth: static.ts does not ask). `?redirect=`
 * changes nothing on screen.
 */
export function firstScreenFile(path: string, search: string): string | null {
  if (new URLSearchParams(search).get("tab") === "register") return null;
  return FIRST_SCREENS.find((screen) => screen.path === path)?.file ?? null;
}

/**
 * The built index.html with a first screen's `markup` in #root (the build's /auth file, ADR 0054;
 * the server's per-request pages, ADR 0055) and the entry named in a meta element instead of a
 * module script: /after-first-paint.js loads it once the browser has painted. As a module script
 * (or a modulepreload) it would download beside the stylesheet and run as soon as it arrived, often
 * before the first frame, and the painted page would wait for the app. Its modulepreloads likewise
 * become `app-preload` meta elements, which that script turns back into preloads as it starts the
 * entry. The price: the app starts a round trip later than it could, the page being on screen meanwhile.
 */
export function firstScreenHtml(index: string, path: string, markup: string): string {
  return firstScreenTemplate(index)(path, markup);
}

/**
 * firstScreenHtml with index.html read once: what surrounds #root is the same for every page, so
 * a server painting pages per request (ADR 0055) parses index.html at its first page, not at each.
 */
export function firstScreenTemplate(index: string): (path: string, markup: string) => string {
  const root = /<div id="root">[\s\S]*?<\/div><\/div>/;
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
  const src = entry.exec(index)?.[1];
  if (!root.test(index)) throw new Error("index.html: no #root with the loading shell in it");
  if (!src) throw new Error("index.html: no module entry script");
  // index.html's modulepreloads (the chunks the entry loads, React's renderer among them: ADR 0065)
  // wait with it: downloaded beside the stylesheet, they would delay the first paint they serve.
  const later = [...index.matchAll(MODULEPRELOAD)].map((m) => `<meta name="app-preload" content="/${m[1]}">`).join("");
  const held = index
    .replace(MODULEPRELOAD, "")
    .replace(
      entry,
      `<meta name="app-entry" content="${src}">${later}<script async src="/after-first-paint.js"></script>`,
    );
  const shell = root.exec(held) as RegExpExecArray;
  const before = held.slice(0, shell.index);
  const after = held.slice(shell.index + shell[0].length);
  // inert until the app has committed over it (main.tsx: hydrated or replaced): the page shows at
  // once, but what is typed or tapped before then would be lost, so nothing takes input yet.
  return (path, markup) => `${before}<div id="root" data-first-screen="${path}" inert>${markup}</div>${after}`;
}

/** What a page's HTML carries beside the user: a challenge's page its challenge (ADR 0055). */
export type FirstPaintExtras = Omit<FirstPaintBlock<never>, "user">;

export type FirstPaint = {
  /**
   * The HTML for `path` with `user` (null: signed out) and `extras` in it; `index` is the built
   * index.html (or a first screen made from it).
   */
  render(index: string, path: string, user: FirstPaintUser, extras?: FirstPaintExtras): string;
};

/** JSON safe inside a <script> element: no `<`, `>`, `&` or line separators can end or confuse it. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/** Built from the static folder's Vite manifest (absent in dev: then no preloads, the user still goes in). */
export function firstPaint(staticDir: string): FirstPaint {
  const manifestPath = resolve(staticDir, ".vite", "manifest.json");
  let manifest: Manifest = {};
  if (existsSync(manifestPath)) {
    try {
      manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;
    } catch {
      manifest = {};
    }
  }
  // Named by index.html already, so never preloaded again (nor early on a first screen, which holds
  // them back until the paint): the entry's own chunks, and what the build preloads beside them,
  // React's renderer, which the entry imports dynamically and the pages statically (ADR 0065).
  const entryFiles = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) staticChunkFiles(manifest, key, entryFiles);
  const indexPath = resolve(staticDir, "index.html");
  if (existsSync(indexPath))
    for (const m of readFileSync(indexPath, "utf8").matchAll(MODULEPRELOAD)) entryFiles.add(m[1] as string);
  const preloadsOf = new Map<string, string>();
  const linksFor = (page: string): string => {
    let links = preloadsOf.get(page);
    if (links === undefined) {
      links = [...staticChunkFiles(manifest, page)]
        .filter((f) => !entryFiles.has(f))
        .map(modulepreload)
        .join("");
      preloadsOf.set(page, links);
    }
    return links;
  };

  return {
    render(index, path, user, extras = {}) {
      const normalized = path.length > 1 ? path.replace(/\/+$/, "") : path;
      let page: string | undefined;
      if (user) page = SIGNED_IN_PAGES.find(([pattern]) => pattern.test(normalized))?.[1];
      else if (normalized === "/auth" || normalized === "/login" || SIGNED_IN_ONLY.some((p) => p.test(normalized)))
        page = AUTH_PAGE;
      let head = `<script type="application/json" id="first-paint">${scriptSafeJson({ user, ...extras })}</script>`;
      if (page) head += linksFor(page);
      // Data the HTML carries is not asked for again.
      const data = user && !extras.challenge ? pageDataUrl(normalized) : null;
      if (data) head += `<link rel="preload" as="fetch" crossorigin="anonymous" href="${data}">`;
      return index.replace("</head>", `${head}</head>`);
    },
  };
}

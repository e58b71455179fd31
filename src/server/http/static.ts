import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { brotliCompressSync, constants as zlibConstants } from "node:zlib";
import { type Context, Hono } from "hono";
import { serveStatic } from "hono/bun";
import { NUL_MESSAGE } from "../lib/validate";
import type { HonoEnv } from "./types";
import {
  FIRST_SCREENS_DIR,
  type FirstPaintExtras,
  firstPaint,
  firstScreenFile,
  firstScreenTemplate,
} from "./first-paint";
import { firstScreenRoute } from "../../shared/domain/first-screens";
import type { FirstScreenRenderer } from "./first-screen-renderer";

/** Who the HTML says is signed in (the app's public user shape), or null; called per HTML answer. */
export type PageUser = (c: Context<HonoEnv>) => Promise<Record<string, unknown> | null>;

/** The data a signed-in page's HTML carries (ADR 0055), called after PageUser for a signed-in golfer. */
export type PageExtras = (c: Context<HonoEnv>, path: string) => Promise<FirstPaintExtras>;

const NEVER_HTML = /^\/(api|trpc|ws)(\/|$)/;
const HAS_EXTENSION = /\/[^/]+\.[A-Za-z0-9]+$/;

/**
 * The built React app. Hashed assets are cached for a year; index.html never, so a deploy shows
 * at once. Client-side routes fall back to index.html; API paths and file paths never do (a
 * missing script must 404, not come back as HTML).
 */
export function staticSite(
  staticDir: string,
  pageUser?: PageUser,
  { extras, renderer }: { extras?: PageExtras; renderer?: FirstScreenRenderer | null } = {},
) {
  const root = resolve(staticDir);
  const indexPath = resolve(root, "index.html");
  const app = new Hono<HonoEnv>();
  const paint = firstPaint(root);
  let index: string | undefined;
  /** index.html around a page painted per request (first-paint.ts), made at the first such page. */
  let paintedPage: ((path: string, markup: string) => string) | undefined;
  // Read once each; a build without the file (an older build, the dev server) serves index.html.
  const firstScreens = new Map<string, string | null>();
  async function firstScreen(file: string): Promise<string | null> {
    if (!firstScreens.has(file)) {
      const found = Bun.file(resolve(root, file));
      firstScreens.set(file, (await found.exists()) ? await found.text() : null);
    }
    return firstScreens.get(file) ?? null;
  }

  // No file name holds a NUL byte, and Bun refuses to open one (it throws, a 500): a path with an
  // encoded NUL is a bad request, whatever it asks for (/%00, /ws%00, /assets/x%00.js).
  app.use("*", async (c, next) => {
    if (/%00/.test(new URL(c.req.url).pathname)) return c.json({ message: NUL_MESSAGE }, 400);
    await next();
  });
  app.use(
    "/assets/*",
    serveStatic({
      root,
      // The build writes .br/.gz twins (scripts/precompress.ts); the browser's pick is served.
      precompressed: true,
      onFound: (_path, c) => {
        c.header("Cache-Control", "public, max-age=31536000, immutable");
      },
    }),
  );
  app.get("/", (c) => page(c));
  // The build manifest is for the server (first-paint.ts), not for browsers.
  app.use("/.vite/*", async (c) => c.text("Not found", 404));
  // Prerendered first screens go out through page() only, with who is signed in added.
  app.use(`/${FIRST_SCREENS_DIR}/*`, async (c) => c.text("Not found", 404));
  app.use(
    "*",
    serveStatic({
      root,
      precompressed: true,
      onFound: (path, c) => {
        // The service worker and index must be revalidated on every visit to pick up new versions.
        if (/(index\.html|sw\.js|registerSW\.js|manifest\.webmanifest)$/.test(path))
          c.header("Cache-Control", "no-cache");
        else c.header("Cache-Control", "public, max-age=3600");
      },
    }),
  );
  // An app route's HTML, with who is signed in and the route's preloads (first-paint.ts). /index.html
  // itself stays the plain file: the service worker caches it as the offline shell for everyone.
  async function page(c: Context<HonoEnv>) {
    const path = c.req.path;
    if (!existsSync(indexPath)) return c.text("The client is not built yet: run `bun run build`.", 404);
    // The page names who is signed in: never stored by a shared cache.
    c.header("Cache-Control", "private, no-cache");
    c.header("Vary", "Accept-Encoding, Cookie");
    index ??= await Bun.file(indexPath).text();
    const user = pageUser ? await pageUser(c) : null;
    const search = new URL(c.req.url).search;
    let page: string | null = null;
    let more: FirstPaintExtras = {};
    if (!user) {
      const screen = firstScreenFile(path, search);
      page = screen && (await firstScreen(screen));
    } else if (renderer && firstScreenRoute(path) !== null) {
      more = (await extras?.(c, path)) ?? {};
      const markup = await renderer.render(path + search, { user, ...more });
      paintedPage ??= firstScreenTemplate(index);
      page = markup === null ? null : paintedPage(path, markup);
    }
    const html = paint.render(page ?? index, path, user, more);
    const accepts = c.req.header("accept-encoding") ?? "";
    if (/\bbr\b/.test(accepts)) {
      c.header("Content-Encoding", "br");
      c.header("Content-Type", "text/html; charset=UTF-8");
      // A few KB per page: a low quality is as small here and costs well under a millisecond.
      return c.body(brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } }));
    }
    if (/\bgzip\b/.test(accepts)) {
      c.header("Content-Encoding", "gzip");
      c.header("Content-Type", "text/html; charset=UTF-8");
      return c.body(Bun.gzipSync(html));
    }
    return c.html(html);
  }
  app.get("*", async (c) => {
    const path = c.req.path;
    if (NEVER_HTML.test(path)) return c.json({ message: "Not found" }, 404);
    if (HAS_EXTENSION.test(path)) return c.text("Not found", 404);
    return page(c);
  });
  return app;
}

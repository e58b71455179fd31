// Renders the sign-in page's first screen into HTML at build time (ADR 0054), so a phone paints the
// form from the server's answer, before any script, and React hydrates it instead of replacing a
// "Loading..." shell. Run by `bun run build` after `vite build` and before precompress (honours
// BUILD_OUT_DIR).
//
//   bun scripts/prerender-first-screens.ts
//
// The page is rendered from the app's own components (src/client/app/first-screen.tsx), bundled
// here for the server's first-screen worker too (ADR 0055), in this process only, where a few
// browser globals are stood in for: the first render reads the location and some media queries,
// and nothing here runs effects.
import { mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
// One list for the build and the server that sends the files.
import { standInBrowser, standInLocation } from "../src/server/http/browser-stand-ins";
import { FIRST_SCREENS, FIRST_SCREENS_DIR, firstScreenHtml, RENDER_BUNDLE } from "../src/server/http/first-paint";

/**
 * Bundles src/client/app/first-screen.tsx for Bun into first-screens/render.js: the server's
 * first-screen worker renders signed-in pages with it (ADR 0055), and the sign-in page below is
 * rendered with it too, so a bundle that cannot render fails the build, not a golfer's request.
 */
async function bundleRenderer(out: string): Promise<string> {
  const built = await Bun.build({
    entrypoints: [resolve(import.meta.dir, "../src/client/app/first-screen.tsx")],
    outdir: join(out, dirname(RENDER_BUNDLE)),
    naming: basename(RENDER_BUNDLE),
    target: "bun",
    minify: true,
    // Vite's virtual modules (the PWA's registration) load in the browser only, never in a render.
    external: ["virtual:*"],
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
  });
  if (!built.success) throw new AggregateError(built.logs, "first-screen bundle failed");
  const file = join(out, RENDER_BUNDLE);
  console.log(`first-screen renderer: ${(statSync(file).size / 1024).toFixed(0)} KB -> ${RENDER_BUNDLE}`);
  return file;
}

async function main() {
  const out = resolve(process.env.BUILD_OUT_DIR ?? "dist/client");
  const index = readFileSync(join(out, "index.html"), "utf8");
  mkdirSync(join(out, FIRST_SCREENS_DIR), { recursive: true });
  const bundle = await bundleRenderer(out);
  standInBrowser("/");
  // Imported after the stand-ins: some modules read the location when they load.
  const { renderFirstScreen } = (await import(bundle)) as typeof import("../src/client/app/first-screen");
  for (const screen of FIRST_SCREENS) {
    standInLocation(screen.path);
    const markup = await renderFirstScreen({ user: null });
    if (markup === null) throw new Error(`${screen.path}: the client has no first screen for it (router.tsx)`);
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

// What a signed-in golfer's first screen rendered per request costs the server (ADR 0055): the HTML
// answer's time for the rendered pages against a page that goes out plain, in the same run, and the
// server's memory before the first rendered page (the worker starts with it) and after them.
//
//   bun run build && bun run bench:first-screens      (STATIC_DIR / BUILD_OUT_DIR: the built client)
//
// One production server on a fresh embedded database, seeded with a golfer and a challenge
// (scripts/lib/seeded-site.ts); requests one at a time, with the golfer's cookie and
// `Accept-Encoding: br` as a phone sends. ITERATIONS per page (default 200). Figures only.
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { startSeededSite } from "../scripts/lib/seeded-site";
import { rssMbOf } from "./lib/procs";
import { line, time } from "./stats";

const ROOT = resolve(import.meta.dir, "..");
const STATIC_DIR = resolve(process.env.STATIC_DIR ?? process.env.BUILD_OUT_DIR ?? join(ROOT, "dist", "client"));
const ITERATIONS = Number(process.env.ITERATIONS ?? 200);

if (!existsSync(join(STATIC_DIR, "first-screens", "render.js"))) {
  console.error(`bench:first-screens: no first-screen renderer in ${STATIC_DIR}: run \`bun run build\` first`);
  process.exit(1);
}

// Cold: the first rendered page after start (the worker's start) is one of the figures.
const site = await startSeededSite(
  STATIC_DIR,
  (code) => {
    console.error(`bench:first-screens: the server exited (${code})`);
    process.exit(1);
  },
  { warmFirstScreens: false },
);
try {
  const get = async (path: string) => {
    const res = await fetch(`${site.origin}${path}`, {
      headers: { Cookie: site.session.cookie, "Accept-Encoding": "br" },
    });
    return res.text();
  };
  await Bun.sleep(2_000);
  const before = rssMbOf(site.pid);
  const pages = [
    "/",
    `/challenges/${site.challengeId}`,
    `/record-birdies/${site.challengeId}`,
    "/profile",
    "/leaderboard/global",
  ];
  // The worker starts with the first rendered page; wait until it answers.
  let first = "";
  const started = performance.now();
  for (let i = 0; i < 50 && !first.includes("data-first-screen"); i++) first = await get("/profile");
  const firstRenderMs = performance.now() - started;
  console.log(`first-screen renders, ${ITERATIONS} per page, one at a time (${STATIC_DIR})\n`);
  let rendered = 0;
  let asked = 0;
  for (const path of [...pages, "/challenges"]) {
    const samples = await time(ITERATIONS, async () => {
      const html = await get(path);
      if (path === "/challenges") return;
      asked++;
      if (html.includes("data-first-screen")) rendered++;
    });
    console.log(line(`${path === "/challenges" ? "plain page (no render) " : ""}GET ${path}`, samples));
  }
  await Bun.sleep(2_000);
  const after = rssMbOf(site.pid);
  console.log(
    `\nrendered ${rendered} of ${asked} answers for the rendered pages (the rest went out plain)` +
      `\nfirst rendered page after start: ${firstRenderMs.toFixed(0)} ms (worker start included)` +
      `\nserver RSS: ${before.toFixed(0)} MB idle before any rendered page, ${after.toFixed(0)} MB after them`,
  );
} finally {
  await site.stop();
}

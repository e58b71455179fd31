// A signed-in golfer's cold first load on localhost, as the browser reports it (issue 19's "cold
// dashboard on localhost" line): no CPU or network slowdown, a phone-sized screen, no service
// worker. Per page it prints the first contentful paint and the largest contentful paint (the
// browser's own entries), when the app took over the painted page and takes taps (#root loses
// `inert`, main.tsx), when the page's <main> last stopped showing a loading state (a spinner, a
// skeleton or a "Loading..." text: every part has its data), and from the first load of each page the moment its first API request started
// beside the moment its first script chunk did: the dashboard's data, preloaded by the HTML, starts
// with the chunks; a challenge's page and the record page carry their data in the HTML, so their
// first request is a later part (the Overview's batch, notifications). Prints p50 and the range;
// never asserts timings.
//   bun run build && bun run bench:cold-paint        (COLD_PAINT_RUNS=7 by default)
// Env: STATIC_DIR / BUILD_OUT_DIR (built client), CHROME_PATH (default /usr/bin/chromium),
// COLD_PAINT_PAGES=dashboard,challenge (pages by the start of their names).
import { join, resolve } from "node:path";
import { chromium } from "@playwright/test";
import { browserCookie, startSeededSite } from "../scripts/lib/seeded-site";
import { signedInPages } from "./lib/cold-load";
import { summarise } from "./stats";

const ROOT = resolve(import.meta.dir, "..");
const STATIC_DIR = resolve(process.env.STATIC_DIR ?? process.env.BUILD_OUT_DIR ?? join(ROOT, "dist", "client"));
const RUNS = Number(process.env.COLD_PAINT_RUNS ?? 7);
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

type Load = {
  fcp: number;
  lcp: number;
  /** When #root stopped being inert: the app has committed over the painted page. */
  adopted: number;
  /** Since when <main> has shown no loading state (-1: it never stopped). */
  loaded: number;
  firstChunk: number;
  firstData: number;
};

// Runs in the page before its own scripts: the largest paint and the app's take-over, in the
// page's own clock (performance.now(), from the navigation's start).
function observePaints() {
  const seen = window as unknown as { __lcp: number; __adopted: number; __loaded: number };
  seen.__lcp = -1;
  seen.__adopted = -1;
  seen.__loaded = -1;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.__lcp = entry.startTime;
  }).observe({ type: "largest-contentful-paint", buffered: true });
  new MutationObserver((_, observer) => {
    const root = document.getElementById("root");
    if (root?.dataset.firstScreen && !root.hasAttribute("inert") && seen.__adopted < 0) {
      seen.__adopted = performance.now();
      observer.disconnect();
    }
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ["inert"] });
  new MutationObserver(() => {
    const main = document.querySelector("main");
    const loading =
      !main || main.querySelector(".loading, .skeleton") !== null || /Loading/.test(main.textContent ?? "");
    if (loading) seen.__loaded = -1;
    else if (seen.__loaded < 0) seen.__loaded = performance.now();
  }).observe(document, { subtree: true, childList: true, characterData: true });
}

const site = await startSeededSite(STATIC_DIR, (code) => {
  console.error(`the server exited early (${code})`);
  process.exit(1);
});
const browser = await chromium.launch({ executablePath: CHROME_PATH });
try {
  const pages = signedInPages(site, process.env.COLD_PAINT_PAGES);
  const results = new Map<string, Load[]>(pages.map((p) => [p.name, []]));
  for (let run = 0; run < RUNS; run++) {
    for (const { name, path } of pages) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, serviceWorkers: "block" });
      try {
        await context.addCookies([browserCookie(site.session, site.origin)]);
        const page = await context.newPage();
        await page.addInitScript(observePaints);
        await page.goto(`${site.origin}${path}`, { waitUntil: "networkidle" });
        await page.waitForTimeout(300);
        results.get(name)!.push(
          await page.evaluate(() => {
            const seen = window as unknown as { __lcp: number; __adopted: number; __loaded: number };
            const fetched = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
            const first = (test: (url: URL) => boolean) =>
              Math.min(...fetched.filter((r) => test(new URL(r.name))).map((r) => r.startTime));
            return {
              fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? -1,
              lcp: seen.__lcp,
              adopted: seen.__adopted,
              loaded: seen.__loaded,
              firstChunk: first((url) => url.pathname.startsWith("/assets/") && url.pathname.endsWith(".js")),
              firstData: first((url) => url.pathname.startsWith("/api/") || url.pathname.startsWith("/trpc/")),
            };
          }),
        );
      } finally {
        await context.close();
      }
    }
  }
  console.log(`\nCold signed-in loads on localhost, no slowdown, ${RUNS} loads per page (${STATIC_DIR})\n`);
  const columns = [
    "first contentful paint",
    "largest contentful paint",
    "takes taps from",
    "no loading state from",
    "first API / chunk request",
  ];
  console.log(`${"page".padEnd(18)}${columns.map((c) => c.padEnd(28)).join("")}`);
  for (const [name, loads] of results) {
    const cell = (pick: (l: Load) => number) => {
      const values = loads.map(pick).filter((v) => v >= 0);
      if (values.length === 0) return "-".padEnd(28);
      const s = summarise(values);
      return `p50 ${s.p50!.toFixed(0)} (${Math.min(...values).toFixed(0)}-${s.max!.toFixed(0)}) ms`.padEnd(28);
    };
    const asked = (l: Load) =>
      Number.isFinite(l.firstData) ? `${l.firstData.toFixed(0)} / ${l.firstChunk.toFixed(0)} ms` : "none asked";
    console.log(
      `${name.padEnd(18)}${cell((l) => l.fcp)}${cell((l) => l.lcp)}${cell((l) => l.adopted)}${cell((l) => l.loaded)}${asked(loads[0]!)} (first load)`,
    );
  }
} finally {
  await browser.close();
  await site.stop();
}

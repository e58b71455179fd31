// A signed-in page's cold load traced in Chromium on a phone-sized screen with the CPU slowed 4x
// and no service worker, as the main-thread benches read it (bench/main-thread.ts,
// bench/long-tasks.ts), and the page's own main thread in that trace.
import type { Browser } from "@playwright/test";
import { browserCookie, type SeededSite } from "../../scripts/lib/seeded-site";

export type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: any;
};

/**
 * The signed-in pages Lighthouse measures (scripts/lighthouse.ts), on the seeded site; with `only`
 * (an env value such as "record,dashboard"), the pages whose names start with one of its parts.
 */
export function signedInPages(site: SeededSite, only = ""): { name: string; path: string }[] {
  const wanted = only.split(",").filter(Boolean);
  return allSignedInPages(site).filter((p) => wanted.length === 0 || wanted.some((w) => p.name.startsWith(w)));
}

function allSignedInPages(site: SeededSite): { name: string; path: string }[] {
  return [
    { name: "dashboard", path: "/" },
    { name: "challenge detail", path: `/challenges/${site.challengeId}` },
    { name: "profile", path: "/profile" },
    { name: "global board", path: "/leaderboard/global" },
    { name: "challenge board", path: `/leaderboard/${site.challengeId}` },
    { name: "record", path: `/record-birdies/${site.challengeId}` },
  ];
}

const CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "toplevel", "v8.execute", "loading"];

/** One cold load of `path` as the seeded golfer, traced until the page has been quiet 1.5 s. */
export async function traceColdLoad(
  browser: Browser,
  site: SeededSite,
  path: string,
  moreCategories: string[] = [],
): Promise<TraceEvent[]> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, serviceWorkers: "block" });
  try {
    await context.addCookies([browserCookie(site.session, site.origin)]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await browser.startTracing(page, { categories: [...CATEGORIES, ...moreCategories] });
    await page.goto(`${site.origin}${path}`, { waitUntil: "networkidle" });
    await page.waitForTimeout(1500);
    return (JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  } finally {
    await context.close();
  }
}

/**
 * The page's renderer and main thread: the process that made the first contentful paint (another
 * renderer, one of Chromium's own pages, can be busy in the same trace) and its thread with the most
 * task time. `fcp` is that paint's time (0 when the trace has none: then every task counts).
 */
export function pageMainThread(events: TraceEvent[]): { pid: number; fcp: number; main: TraceEvent[] } {
  const paint = events.find((e) => e.name === "firstContentfulPaint");
  const renderers = events.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain");
  let best: TraceEvent[] = [];
  let bestTime = -1;
  let pid = paint?.pid ?? 0;
  for (const thread of renderers) {
    if (paint && thread.pid !== paint.pid) continue;
    const own = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === "X");
    const time = own.filter((e) => e.name === "RunTask").reduce((sum, e) => sum + (e.dur ?? 0), 0);
    if (time > bestTime) [best, bestTime, pid] = [own, time, thread.pid];
  }
  return { pid, fcp: paint?.ts ?? 0, main: best };
}

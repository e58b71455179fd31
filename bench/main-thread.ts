// The main thread of a cold first load on a slow phone (ADR 0052): Chromium's own trace of the
// signed-in pages Lighthouse measures, the CPU slowed 4x, no service worker. Per load it prints the
// entry's module evaluation, the longest task running a JS callback (a render, a response), and the time
// blocked (every task's part over 50 ms, from navigation until the page is quiet): the measures
// behind Lighthouse's Total Blocking Time, read from the browser rather than simulated. Prints
// p50 and the range per page; never asserts timings.
//   bun run build && bun run bench:main-thread        (MAIN_THREAD_RUNS=5 by default)
// Env: STATIC_DIR / BUILD_OUT_DIR (built client), CHROME_PATH (default /usr/bin/chromium).
import { join, resolve } from "node:path";
import { chromium } from "@playwright/test";
import { browserCookie, startSeededSite } from "../scripts/lib/seeded-site";
import { summarise } from "./stats";

const ROOT = resolve(import.meta.dir, "..");
const STATIC_DIR = resolve(process.env.STATIC_DIR ?? process.env.BUILD_OUT_DIR ?? join(ROOT, "dist", "client"));
const RUNS = Number(process.env.MAIN_THREAD_RUNS ?? 5);
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

type TraceEvent = { name: string; ph: string; ts: number; dur?: number; pid: number; tid: number; args?: any };
type Load = { evaluate: number; longestCallback: number; blocked: number; afterPaint: number };

/** The renderer's main thread: the CrRendererMain with the most task time (the page's, not a frame's). */
function mainThreadOf(events: TraceEvent[]): TraceEvent[] {
  let best: TraceEvent[] = [];
  let bestTime = -1;
  for (const thread of events.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain")) {
    const own = events.filter((e) => e.pid === thread.pid && e.tid === thread.tid && e.ph === "X");
    const time = own.filter((e) => e.name === "RunTask").reduce((sum, e) => sum + (e.dur ?? 0), 0);
    if (time > bestTime) [best, bestTime] = [own, time];
  }
  return best;
}

function readLoad(events: TraceEvent[]): Load {
  const main = mainThreadOf(events);
  // Lighthouse's Total Blocking Time counts from the first contentful paint: the same span here.
  const fcp = events.find((e) => e.name === "firstContentfulPaint")?.ts ?? 0;
  const ms = (us: number | undefined) => (us ?? 0) / 1000;
  const tasks = main.filter((e) => e.name === "RunTask");
  const inside = (task: TraceEvent, name: string) =>
    main.some((e) => e.name === name && e.ts >= task.ts && e.ts <= task.ts + (task.dur ?? 0));
  const entry = main.filter((e) => e.name === "v8.evaluateModule").map((e) => ms(e.dur));
  // Tasks that ran a JS callback (React's scheduler rendering, a response arriving, a timer), not
  // the entry's evaluation: after the first load, these are where renders block the thread.
  const callbacks = tasks.filter((t) => inside(t, "FunctionCall") && !inside(t, "v8.evaluateModule"));
  if (process.env.MAIN_THREAD_DETAIL) {
    // Each task over 50 ms with what ran inside it (the longest events of each kind), to tell a
    // render from style, layout or parsing.
    const start = Math.min(...tasks.map((t) => t.ts));
    for (const task of tasks.filter((t) => ms(t.dur) > 50)) {
      const end = task.ts + (task.dur ?? 0);
      const kinds = new Map<string, number>();
      for (const e of main)
        if (e !== task && e.ts >= task.ts && e.ts <= end && e.name !== "RunTask")
          kinds.set(e.name, Math.max(kinds.get(e.name) ?? 0, ms(e.dur)));
      const top = [...kinds].sort((a, b) => b[1] - a[1]).slice(0, 6);
      console.log(
        `  task at ${ms(task.ts - start).toFixed(0)} ms${task.ts >= fcp ? " (after first paint)" : ""}: ${ms(task.dur).toFixed(0)} ms; ${top.map(([k, v]) => `${k} ${v.toFixed(0)}`).join(", ")}`,
      );
    }
  }
  return {
    evaluate: Math.max(0, ...entry),
    longestCallback: Math.max(0, ...callbacks.map((t) => ms(t.dur))),
    blocked: tasks.reduce((sum, t) => sum + Math.max(0, ms(t.dur) - 50), 0),
    afterPaint: tasks.filter((t) => t.ts >= fcp).reduce((sum, t) => sum + Math.max(0, ms(t.dur) - 50), 0),
  };
}

const site = await startSeededSite(STATIC_DIR, (code) => {
  console.error(`the server exited early (${code})`);
  process.exit(1);
});
const browser = await chromium.launch({ executablePath: CHROME_PATH });
try {
  // MAIN_THREAD_PAGES=record,dashboard picks pages by the start of their names.
  const wanted = (process.env.MAIN_THREAD_PAGES ?? "").split(",").filter(Boolean);
  const pages = [
    { name: "dashboard", path: "/" },
    { name: "challenge detail", path: `/challenges/${site.challengeId}` },
    { name: "profile", path: "/profile" },
    { name: "global board", path: "/leaderboard/global" },
    { name: "challenge board", path: `/leaderboard/${site.challengeId}` },
    { name: "record", path: `/record-birdies/${site.challengeId}` },
  ].filter((p) => wanted.length === 0 || wanted.some((w) => p.name.startsWith(w)));
  const results = new Map<string, Load[]>(pages.map((p) => [p.name, []]));
  for (let run = 0; run < RUNS; run++) {
    for (const { name, path } of pages) {
      const context = await browser.newContext({ viewport: { width: 412, height: 823 }, serviceWorkers: "block" });
      await context.addCookies([browserCookie(site.session, site.origin)]);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
      await browser.startTracing(page, {
        categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "toplevel", "v8.execute", "loading"],
      });
      await page.goto(`${site.origin}${path}`, { waitUntil: "networkidle" });
      await page.waitForTimeout(1500);
      const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
      results.get(name)!.push(readLoad(trace.traceEvents));
      await context.close();
    }
  }
  console.log(`\nMain thread of a cold load, CPU 4x, ${RUNS} loads per page (${STATIC_DIR})\n`);
  console.log(
    `${"page".padEnd(18)}${"entry evaluation".padEnd(26)}${"longest callback task".padEnd(26)}${"blocked (tasks over 50 ms)".padEnd(30)}blocked after first paint`,
  );
  for (const [name, loads] of results) {
    const cell = (pick: (l: Load) => number) => {
      const values = loads.map(pick);
      const s = summarise(values);
      return `p50 ${s.p50!.toFixed(0)} (${Math.min(...values).toFixed(0)}-${s.max!.toFixed(0)}) ms`.padEnd(26);
    };
    console.log(
      `${name.padEnd(18)}${cell((l) => l.evaluate)}${cell((l) => l.longestCallback)}${cell((l) => l.blocked).padEnd(30)}${cell((l) => l.afterPaint)}`,
    );
  }
} finally {
  await browser.close();
  await site.stop();
}

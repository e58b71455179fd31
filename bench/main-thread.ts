// The main thread of a cold first load on a slow phone (ADR 0052): Chromium's own trace of the
// signed-in pages Lighthouse measures, the CPU slowed 4x, no service worker. Per load it prints the
// entry's module evaluation, the longest task running a JS callback (a render, a response), and the time
// blocked (every task's part over 50 ms, from navigation until the page is quiet): the measures
// behind Lighthouse's Total Blocking Time, read from the browser rather than simulated. Prints
// p50 and the range per page; never asserts timings.
//   bun run build && bun run bench:main-thread        (MAIN_THREAD_RUNS=5 by default)
// Env: STATIC_DIR / BUILD_OUT_DIR (built client), CHROME_PATH (default /usr/bin/chromium),
// MAIN_THREAD_PAGES=record,dashboard (pages by the start of their names). What ran inside each long
// task: bench/long-tasks.ts.
import { join, resolve } from "node:path";
import { chromium } from "@playwright/test";
import { startSeededSite } from "../scripts/lib/seeded-site";
import { pageMainThread, signedInPages, traceColdLoad, type TraceEvent } from "./lib/cold-load";
import { summarise } from "./stats";

const ROOT = resolve(import.meta.dir, "..");
const STATIC_DIR = resolve(process.env.STATIC_DIR ?? process.env.BUILD_OUT_DIR ?? join(ROOT, "dist", "client"));
const RUNS = Number(process.env.MAIN_THREAD_RUNS ?? 5);
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

type Load = { evaluate: number; longestCallback: number; blocked: number; afterPaint: number };

function readLoad(events: TraceEvent[]): Load {
  // Lighthouse's Total Blocking Time counts from the first contentful paint: the same span here.
  const { main, fcp } = pageMainThread(events);
  const ms = (us: number | undefined) => (us ?? 0) / 1000;
  const tasks = main.filter((e) => e.name === "RunTask");
  const inside = (task: TraceEvent, name: string) =>
    main.some((e) => e.name === name && e.ts >= task.ts && e.ts <= task.ts + (task.dur ?? 0));
  const entry = main.filter((e) => e.name === "v8.evaluateModule").map((e) => ms(e.dur));
  // Tasks that ran a JS callback (React's scheduler rendering, a response arriving, a timer), not
  // the entry's evaluation: after the first load, these are where renders block the thread.
  const callbacks = tasks.filter((t) => inside(t, "FunctionCall") && !inside(t, "v8.evaluateModule"));
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
  const pages = signedInPages(site, process.env.MAIN_THREAD_PAGES);
  const results = new Map<string, Load[]>(pages.map((p) => [p.name, []]));
  for (let run = 0; run < RUNS; run++) {
    for (const { name, path } of pages) {
      results.get(name)!.push(readLoad(await traceColdLoad(browser, site, path)));
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

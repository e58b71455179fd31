// What ran inside each long task of a cold signed-in load (ADR 0073): Chromium's trace with V8's
// sampling profiler, CPU 4x, no service worker. For every task over 50 ms after the first
// contentful paint (the span Lighthouse's TBT counts) it prints the task's length, the trace
// events inside it (style, layout, a module's evaluation...), and the functions the profiler
// sampled in it, named through the build's source maps: each function's own share, and the share
// of the app's functions and React's work loops with what they called. This is how the record
// page's date field and its sync render were found. Prints; never asserts.
//   BUILD_SOURCEMAP=1 BUILD_OUT_DIR=/tmp/maps bunx vite build && BUILD_OUT_DIR=/tmp/maps bun scripts/prerender-first-screens.ts
//   STATIC_DIR=/tmp/maps LONG_TASKS_PAGE=record bun run bench:long-tasks
// Env: LONG_TASKS_PAGE (a page of bench/lib/cold-load.ts by the start of its name, e.g. dashboard,
// challenge, record, or a path; default record), LONG_TASKS_RUNS
// (default 3), CHROME_PATH (default /usr/bin/chromium).
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { chromium } from "@playwright/test";
import { SourceMapConsumer } from "source-map-js";
import { startSeededSite } from "../scripts/lib/seeded-site";
import { pageMainThread, signedInPages, traceColdLoad, type TraceEvent } from "./lib/cold-load";

const ROOT = resolve(import.meta.dir, "..");
const STATIC_DIR = resolve(process.env.STATIC_DIR ?? process.env.BUILD_OUT_DIR ?? join(ROOT, "dist", "client"));
const RUNS = Number(process.env.LONG_TASKS_RUNS ?? 3);
const PAGE = process.env.LONG_TASKS_PAGE ?? "record";
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";

type CallFrame = { functionName: string; url?: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; parent?: number; callFrame: CallFrame };

const maps = new Map<string, SourceMapConsumer | null>();
/** The build's source map for a script of the page, or null (no map: the build was made without). */
function mapOf(url: string): SourceMapConsumer | null {
  if (!maps.has(url)) {
    try {
      const file = join(STATIC_DIR, `${new URL(url).pathname}.map`);
      maps.set(url, new SourceMapConsumer(JSON.parse(readFileSync(file, "utf8"))));
    } catch {
      maps.set(url, null);
    }
  }
  return maps.get(url) ?? null;
}

/** A sampled frame as `name source:line`, the source shortened to its package or src/ path. */
function frameName(frame: CallFrame): string {
  const map = frame.url ? mapOf(frame.url) : null;
  if (map) {
    const at = map.originalPositionFor({ line: frame.lineNumber + 1, column: frame.columnNumber });
    if (at.source) {
      const source = at.source.replace(/.*node_modules\//, "").replace(/.*\bsrc\//, "src/");
      return `${at.name ?? frame.functionName ?? "(anonymous)"} ${source}:${at.line}`;
    }
  }
  return `${frame.functionName || "(anonymous)"} ${(frame.url ?? "").split("/").pop() ?? ""}`.trim();
}

const REACT_LOOPS = /performWorkOnRoot|renderRootSync|renderRootConcurrent|commitRoot|flushSyncWorkAcrossRoots/;
const share = (count: number, of: number) => `${((100 * count) / Math.max(1, of)).toFixed(0)}%`.padStart(4);

function report(events: TraceEvent[]) {
  const { pid, fcp, main } = pageMainThread(events);
  if (fcp === 0) return console.log("  no first contentful paint in the trace");
  // The profiler's samples, in trace time.
  const nodes = new Map<number, ProfileNode>();
  const samples: { id: number; ts: number }[] = [];
  let clock = 0;
  for (const e of events.filter((x) => x.pid === pid && (x.name === "Profile" || x.name === "ProfileChunk"))) {
    if (e.name === "Profile") {
      clock = e.args.data.startTime;
      continue;
    }
    const profile = e.args.data.cpuProfile ?? {};
    for (const node of profile.nodes ?? []) nodes.set(node.id, node);
    const deltas: number[] = e.args.data.timeDeltas ?? [];
    (profile.samples ?? []).forEach((id: number, i: number) => {
      clock += deltas[i] ?? 0;
      samples.push({ id, ts: clock });
    });
  }
  for (const task of main.filter((e) => e.name === "RunTask" && (e.dur ?? 0) > 50_000 && e.ts >= fcp)) {
    const end = task.ts + (task.dur ?? 0);
    const inside = new Map<string, number>();
    for (const e of main)
      if (e !== task && e.name !== "RunTask" && e.ts >= task.ts && e.ts <= end)
        inside.set(e.name, Math.max(inside.get(e.name) ?? 0, (e.dur ?? 0) / 1000));
    const kinds = [...inside].sort((a, b) => b[1] - a[1]).slice(0, 5);
    const taken = samples.filter((s) => s.ts >= task.ts && s.ts <= end);
    console.log(
      `  task ${((task.ts - fcp) / 1000).toFixed(0)} ms after the first paint: ${((task.dur ?? 0) / 1000).toFixed(0)} ms, ${taken.length} samples; ${kinds.map(([k, v]) => `${k} ${v.toFixed(0)}`).join(", ")}`,
    );
    const self = new Map<string, number>();
    const within = new Map<string, number>();
    for (const sample of taken) {
      const node = nodes.get(sample.id);
      if (!node) continue;
      const name = frameName(node.callFrame);
      self.set(name, (self.get(name) ?? 0) + 1);
      const seen = new Set<string>();
      for (let at: ProfileNode | undefined = node; at; at = at.parent ? nodes.get(at.parent) : undefined) {
        const caller = frameName(at.callFrame);
        if (!seen.has(caller)) within.set(caller, (within.get(caller) ?? 0) + 1);
        seen.add(caller);
      }
    }
    for (const [name, count] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 6))
      console.log(`    own ${share(count, taken.length)} ${name}`);
    const ours = [...within].filter(([name]) => name.includes("src/") || REACT_LOOPS.test(name));
    for (const [name, count] of ours.sort((a, b) => b[1] - a[1]).slice(0, 10))
      console.log(`    in  ${share(count, taken.length)} ${name}`);
  }
}

const site = await startSeededSite(STATIC_DIR, (code) => {
  console.error(`the server exited early (${code})`);
  process.exit(1);
});
const browser = await chromium.launch({ executablePath: CHROME_PATH });
try {
  const path = PAGE.startsWith("/") ? PAGE : signedInPages(site).find((p) => p.name.startsWith(PAGE))?.path;
  if (!path) throw new Error(`LONG_TASKS_PAGE=${PAGE}: no such page`);
  console.log(`Long tasks after the first paint of ${path}, CPU 4x (${STATIC_DIR})`);
  for (let run = 1; run <= RUNS; run++) {
    const events = await traceColdLoad(browser, site, path, ["disabled-by-default-v8.cpu_profiler"]);
    console.log(`\nload ${run} of ${RUNS}`);
    report(events);
  }
} finally {
  await browser.close();
  await site.stop();
}

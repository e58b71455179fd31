// Lighthouse figures (issues 9 and 19, browser quality): performance and accessibility scores, LCP,
// CLS and TBT for the auth page (signed out), the dashboard, a challenge detail, the profile, the
// global leaderboard, a challenge board and the record page (signed in), with Lighthouse's default mobile form factor and throttling, against the production server
// on a fresh throw-away database seeded with one golfer, a rival, a challenge and some records.
//   bun run build && bun scripts/lighthouse.ts
// Prints figures and never fails on a score; exits 1 when Lighthouse itself cannot run a page.
// Env: BUILD_OUT_DIR / STATIC_DIR (built client, default dist/client), CHROME_PATH (default
// /usr/bin/chromium), LIGHTHOUSE_JSON_DIR (optional: keep each page's full report as JSON),
// LIGHTHOUSE_PAGES (optional: a comma-separated list of the page names below, e.g. "dashboard"),
// LIGHTHOUSE_RUNS (optional, default 1: audit every page that many times and print medians).
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { type SeededSite, type Session, SiteFailure, startSeededSite } from "./lib/seeded-site";

const ROOT = resolve(import.meta.dir, "..");
const STATIC_DIR = resolve(process.env.STATIC_DIR ?? process.env.BUILD_OUT_DIR ?? join(ROOT, "dist", "client"));
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Lighthouse (or its set-up) could not produce figures: cleaned up and reported by main. */
class RunFailure extends Error {}

function fail(message: string): never {
  throw new RunFailure(message);
}

for (const [missing, message] of [
  [!existsSync(join(STATIC_DIR, "index.html")), `no built client in ${STATIC_DIR}: run \`bun run build\` first`],
  [!existsSync(CHROME_PATH), `no Chromium at ${CHROME_PATH}: install Debian's chromium or set CHROME_PATH`],
] as const) {
  if (missing) {
    console.error(`lighthouse: ${message}`);
    process.exit(1);
  }
}

// ---------------------------------------------------------------------------------------------
// Production server on a fresh data dir, seeded (scripts/lib/seeded-site.ts)

let site: SeededSite | undefined;
let chrome: chromeLauncher.LaunchedChrome | undefined;

async function cleanUp() {
  try {
    await chrome?.kill();
  } catch {
    // Chromium already gone.
  }
  await site?.stop();
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => void cleanUp().then(() => process.exit(130)));
}

// ---------------------------------------------------------------------------------------------
// Lighthouse

let lighthouseVersion = "";

type PageRun = { name: string; path: string; signedIn: boolean };
type Figures = {
  name: string;
  performance: number;
  accessibility: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Lighthouse's measure of the host's CPU speed for this run (higher: faster), to compare machines. */
  benchmarkIndex: number;
  a11yFailures: string[];
};

async function audit(origin: string, page: PageRun, session: Session, attempt = 1): Promise<Figures> {
  const result = await lighthouse(
    `${origin}${page.path}`,
    { port: chrome!.port, output: "json", logLevel: "error", onlyCategories: ["performance", "accessibility"] },
    {
      extends: "lighthouse:default",
      // The session travels as a header on every request, as a signed-in browser would send it.
      settings: { extraHeaders: page.signedIn ? { Cookie: session.cookie } : {} },
    },
  );
  if (!result) fail(`${page.name}: Lighthouse returned no result`);
  const { lhr } = result;
  lighthouseVersion = lhr.lighthouseVersion;
  if (lhr.runtimeError) {
    // Chromium now and then records a trace without the navigation's start (NO_NAVSTART, twice in
    // one session of seven-page runs): the page is audited again rather than the run given up.
    if (lhr.runtimeError.code === "NO_NAVSTART" && attempt < 3) {
      process.stderr.write(`lighthouse: ${page.name}: ${lhr.runtimeError.code}, again (attempt ${attempt + 1})\n`);
      return audit(origin, page, session, attempt + 1);
    }
    fail(`${page.name}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  }
  const performance = lhr.categories.performance?.score;
  const accessibility = lhr.categories.accessibility?.score;
  if (typeof performance !== "number" || typeof accessibility !== "number")
    fail(`${page.name}: Lighthouse could not score the page`);
  const numeric = (id: string) => {
    const value = lhr.audits[id]?.numericValue;
    if (typeof value !== "number") fail(`${page.name}: no value for ${id}`);
    return value;
  };
  // Landing somewhere else (a sign-in redirect) would measure the wrong page.
  const landed = new URL(lhr.finalDisplayedUrl).pathname;
  if (landed !== new URL(`${origin}${page.path}`).pathname)
    fail(`${page.name}: expected ${page.path}, Lighthouse ended on ${landed}`);
  const a11yFailures = (lhr.categories.accessibility?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter(
      (a): a is NonNullable<typeof a> =>
        Boolean(a) && a!.score !== null && a!.score < 1 && a!.scoreDisplayMode === "binary",
    )
    .map((a) => `${a.id}: ${a.title}`);
  if (process.env.LIGHTHOUSE_JSON_DIR) {
    mkdirSync(process.env.LIGHTHOUSE_JSON_DIR, { recursive: true });
    writeFileSync(
      join(process.env.LIGHTHOUSE_JSON_DIR, `${page.name.replace(/\W+/g, "-").toLowerCase()}.json`),
      JSON.stringify(lhr, null, 2),
    );
  }
  return {
    name: page.name,
    performance: Math.round(performance * 100),
    accessibility: Math.round(accessibility * 100),
    lcpMs: numeric("largest-contentful-paint"),
    cls: numeric("cumulative-layout-shift"),
    tbtMs: numeric("total-blocking-time"),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    a11yFailures,
  };
}

function printTable(rows: Figures[]) {
  const head = ["page", "performance", "accessibility", "LCP", "CLS", "TBT"];
  const cells = rows.map((r) => [
    r.name,
    String(r.performance),
    String(r.accessibility),
    `${(r.lcpMs / 1000).toFixed(2)} s`,
    r.cls.toFixed(3),
    `${Math.round(r.tbtMs)} ms`,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const line = (c: string[]) =>
    console.log(c.map((v, i) => (i === 0 ? v.padEnd(widths[i]!) : v.padStart(widths[i]!))).join("  "));
  line(head);
  for (const c of cells) line(c);
  for (const r of rows)
    if (r.a11yFailures.length)
      console.log(`\n${r.name}: failed accessibility audits:\n  ${r.a11yFailures.join("\n  ")}`);
}

async function main() {
  site = await startSeededSite(STATIC_DIR, (code) => {
    console.error(`lighthouse: the server exited early (code ${code})`);
    void cleanUp().then(() => process.exit(1));
  });
  const { origin, session, challengeId } = site;
  chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS, logLevel: "error" });

  const pages: PageRun[] = [
    { name: "auth (signed out)", path: "/auth", signedIn: false },
    { name: "dashboard", path: "/", signedIn: true },
    { name: "challenge detail", path: `/challenges/${challengeId}`, signedIn: true },
    { name: "profile", path: "/profile", signedIn: true },
    { name: "global leaderboard", path: "/leaderboard/global", signedIn: true },
    { name: "challenge board", path: `/leaderboard/${challengeId}`, signedIn: true },
    { name: "record", path: `/record-birdies/${challengeId}`, signedIn: true },
  ];
  // LIGHTHOUSE_PAGES=dashboard,challenge detail: only the pages named (comparing builds page by page).
  const only = process.env.LIGHTHOUSE_PAGES?.split(",").map((name) => name.trim());
  const chosen = pages.filter((p) => !only || only.includes(p.name));
  // LIGHTHOUSE_RUNS=5: every page audited that many times, the table shows each figure's median
  // (Lighthouse's own advice for variable figures: TBT on a shared 2-core machine moved 31-406 ms
  // between runs of one build in session 23). Runs alternate the pages, not one page five times.
  const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 1));
  const perPage = new Map<string, Figures[]>(chosen.map((p) => [p.name, []]));
  for (let run = 1; run <= runs; run++) {
    for (const page of chosen) {
      process.stderr.write(`lighthouse: ${page.name} (${page.path})${runs > 1 ? `, run ${run} of ${runs}` : ""}...\n`);
      perPage.get(page.name)!.push(await audit(origin, page, session));
    }
  }
  console.log(
    `\nLighthouse ${lighthouseVersion}, mobile form factor (simulated throttling), ${CHROME_PATH}, production server on a fresh database${runs > 1 ? `; median of ${runs} runs` : ""}\n`,
  );
  printTable([...perPage.values()].map(medianOf));
  // TBT is the observed main thread times Lighthouse's CPU slowdown (4x): a slower host reads higher.
  const indexes = [...perPage.values()].flat().map((f) => f.benchmarkIndex);
  console.log(
    `\nHost CPU (Lighthouse benchmarkIndex, higher is faster): median ${Math.round(median(indexes))}, ${Math.round(Math.min(...indexes))}-${Math.round(Math.max(...indexes))}`,
  );
  if (runs > 1) {
    console.log("\nTBT per run (ms):");
    for (const [name, list] of perPage)
      console.log(`  ${name.padEnd(20)} ${list.map((f) => Math.round(f.tbtMs)).join(", ")}`);
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** One row for a page's runs: the median of each figure; every failed audit any run saw. */
function medianOf(list: Figures[]): Figures {
  return {
    name: list[0]!.name,
    performance: Math.round(median(list.map((f) => f.performance))),
    accessibility: Math.round(median(list.map((f) => f.accessibility))),
    lcpMs: median(list.map((f) => f.lcpMs)),
    cls: median(list.map((f) => f.cls)),
    tbtMs: median(list.map((f) => f.tbtMs)),
    benchmarkIndex: median(list.map((f) => f.benchmarkIndex)),
    a11yFailures: [...new Set(list.flatMap((f) => f.a11yFailures))],
  };
}

try {
  await main();
} catch (error) {
  const detail =
    error instanceof RunFailure || error instanceof SiteFailure
      ? error.message
      : error instanceof Error
        ? (error.stack ?? error.message)
        : String(error);
  console.error(`lighthouse: could not run: ${detail}`);
  await cleanUp();
  process.exit(1);
}
await cleanUp();
process.exit(0);

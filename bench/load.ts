// Open-loop load on the mixed player API, against the production server on the seeded
// PostgreSQL data set (bun bench/seed.ts first).
//
//   bun run bench:load
//   LOAD_SECONDS=10 SAT_SECONDS=5 bun run bench:load      (shorter, while developing)
//   BENCH_HELLO=0 bun run bench:load                       (no hello-world ceiling runs)
//   SAT_REFINE=0 bun run bench:load                        (the steps only, no halving)
//
// Prints p50/p99/max/errors at 500 and 1,000 req/s (LOAD_SECONDS each, default 60), then steps the
// rate up (SAT_SECONDS each, default 15) until p99 > 250 ms or any error, and halves the gap between
// the last step passed and the first failed twice more (session 30: with steps 250 and 5,000 apart
// a figure moved by a whole step on noise): the saturation rate. The same for a bare Bun.serve
// hello-world in its own process (the ceiling), once before the app's runs and once after, and the
// ratio to each and to the higher of the two (the ceiling moved by up to 60% within an hour here).
// Latency is measured from each request's scheduled time (see lib/open-loop.ts). Figures only:
// nothing here asserts a timing.
import { openDatabase } from "../src/server/db/client";
import { openLoop, type RunResult, type Shot } from "./lib/open-loop";
import { drainJobs } from "./lib/queue";
import { kindOf, MIX, mixedShot } from "./lib/mix";
import { loginAll, seededPlayers } from "./lib/players";
import { spawnHello, spawnServer } from "./lib/procs";
import { errorLines, kindLines, loadAverage, p99, runLine } from "./lib/report";
import { BENCH_PASSWORD, BENCH_URL } from "./seed";
import { restoreSeedSnapshot } from "./lib/snapshot";

const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const SAT_SECONDS = Number(process.env.SAT_SECONDS ?? 15);
const USERS = Number(process.env.LOAD_USERS ?? 200);
const SAT_P99_MS = 250;
/** Halvings of the gap between the last step passed and the first failed. */
const REFINE = Number(process.env.SAT_REFINE ?? 2);
// BENCH_HELLO=0: no ceiling runs (while comparing two builds of the app in one sitting).
const WITH_HELLO = process.env.BENCH_HELLO !== "0";
// Starts low: on a busy machine the server may saturate below the fixed 500/1,000 runs.
// 250 apart up to 4,000 (session 22: the 10% line sat between steps 500 apart).
const SAT_STEPS = [
  200, 300, 400, 500, 600, 700, 800, 900, 1000, 1250, 1500, 1750, 2000, 2250, 2500, 2750, 3000, 3250, 3500, 3750, 4000,
  5000, 6000, 8000,
];
// Up to 80,000 (session 32: a machine whose ceiling passed the old top step, 40,000, gave a
// capped ceiling, so a ratio that flattered the app).
const HELLO_STEPS = [
  1000, 2000, 3000, 4000, 5000, 6000, 8000, 10000, 12000, 15000, 20000, 25000, 30000, 40000, 50000, 60000, 80000,
];

const database = await openDatabase({ url: BENCH_URL, max: 1 });

/** Waits (bounded) for the background work the last run left (bench/lib/queue.ts). */
const drainQueue = () => drainJobs(database, 180_000);

/** Waits (bounded) until `url` answers quickly again: an overloaded step leaves a backlog behind. */
async function drain(url: string) {
  for (let k = 0; k < 60; k++) {
    const t = performance.now();
    const ok = await fetch(url, { signal: AbortSignal.timeout(5000) })
      .then((r) => r.arrayBuffer())
      .then(() => true)
      .catch(() => false);
    if (ok && performance.now() - t < 50) return;
    await Bun.sleep(500);
  }
}

async function saturation(
  label: string,
  shot: Shot,
  steps: number[],
  drainUrl: string,
  kind?: (i: number) => string,
  settle: () => Promise<unknown> = async () => {},
): Promise<{ rate: number; runs: RunResult[] }> {
  let passed = 0;
  let failed = 0;
  const runs: RunResult[] = [];
  const step = async (rate: number) => {
    await drain(drainUrl);
    await settle();
    const r = await openLoop({ rate, seconds: SAT_SECONDS, shot, kindOf: kind, maxInFlight: 4000 });
    runs.push(r);
    const ok = p99(r) <= SAT_P99_MS && r.errors === 0;
    console.log(runLine(`${label} step`, r) + (ok ? "" : "  <- over"));
    if (!ok) for (const l of errorLines(r).slice(0, 5)) console.log(l);
    return ok;
  };
  for (const rate of steps) {
    if (!(await step(rate))) {
      failed = rate;
      break;
    }
    passed = rate;
  }
  // Halfway between the last rate that held and the first that did not, REFINE times.
  for (let k = 0; k < REFINE && passed && failed; k++) {
    const mid = Math.round((passed + failed) / 2 / 25) * 25;
    if (mid <= passed || mid >= failed) break;
    if (await step(mid)) passed = mid;
    else failed = mid;
  }
  return { rate: passed, runs };
}

/** A bare Bun.serve hello-world in its own process, stepped up like the app: the ceiling. */
async function helloCeiling(): Promise<number> {
  const hello = await spawnHello();
  try {
    const helloShot: Shot = async (_i, signal) => {
      const res = await fetch(hello.url, { signal });
      await res.arrayBuffer();
      return { ok: res.ok, status: res.status, kind: "hello" };
    };
    await openLoop({ rate: 1000, seconds: 3, shot: helloShot });
    const ceiling = await saturation("hello-world", helloShot, HELLO_STEPS, hello.url);
    // Passing the top step measures no ceiling, only a floor under it: said so, not hidden.
    const top = ceiling.rate === HELLO_STEPS.at(-1) ? " (the top step held: the ceiling is higher)" : "";
    console.log(
      `hello-world saturation rate: ${ceiling.rate || `< ${HELLO_STEPS[0]}`} req/s${top}   (load average ${await loadAverage()})`,
    );
    return ceiling.rate;
  } finally {
    await hello.stop();
  }
}

// Every run starts from the data set bench:seed made, not from what earlier runs recorded.
console.log(await restoreSeedSnapshot(BENCH_URL));
const chosen = await seededPlayers(BENCH_URL, USERS, { chat: true });

console.log(`load average before: ${await loadAverage()}  (${navigator.hardwareConcurrency} cores)`);
const ceilingBefore = WITH_HELLO ? await helloCeiling() : 0;
if (WITH_HELLO) console.log("");
const server = await spawnServer(BENCH_URL);
try {
  const t = performance.now();
  const players = await loginAll(server.url, chosen, BENCH_PASSWORD);
  console.log(
    `${players.length} golfers signed in (${((performance.now() - t) / 1000).toFixed(1)} s), ${new Set(players.map((p) => p.challengeId)).size} active challenges`,
  );
  console.log(`mix: ${MIX.map(([k, p]) => `${k} ${p}%`).join(", ")}\n`);
  const shot = mixedShot(server.url, players);

  // Warm-up: JIT, connection pool, PostgreSQL caches.
  await openLoop({ rate: 200, seconds: Math.min(10, LOAD_SECONDS), shot, kindOf });

  for (const rate of [500, 1000]) {
    const r = await openLoop({ rate, seconds: LOAD_SECONDS, shot, kindOf });
    console.log(runLine(`mixed API`, r));
    for (const l of [...kindLines(r), ...errorLines(r)]) console.log(l);
    console.log(`    load average: ${await loadAverage()}`);
    await drain(`${server.url}/api/health`);
    console.log(`    ${await drainQueue()}`);
  }

  console.log(`\nsaturation (step up, ${SAT_SECONDS} s a step, until p99 > ${SAT_P99_MS} ms or an error):`);
  const app = await saturation("mixed API", shot, SAT_STEPS, `${server.url}/api/health`, kindOf, drainQueue);
  console.log(
    `mixed API saturation rate: ${app.rate || `< ${SAT_STEPS[0]}`} req/s   (load average ${await loadAverage()})`,
  );
  await server.stop();
  if (!WITH_HELLO) process.exit(0);

  console.log("");
  const ceilingAfter = await helloCeiling();
  const ratio = (ceiling: number) => (app.rate && ceiling ? `${((app.rate / ceiling) * 100).toFixed(1)}%` : "n/a");
  console.log(
    `\nratio mixed API / hello-world: ${ratio(Math.max(ceilingBefore, ceilingAfter))} of the higher ceiling (${ratio(ceilingBefore)} of the one before, ${ratio(ceilingAfter)} of the one after)`,
  );
  console.log(
    `note: the generator shares this ${navigator.hardwareConcurrency}-core machine with the server and PostgreSQL; the hello-world ceiling is bounded by it too.`,
  );
} finally {
  await server.stop().catch(() => {});
  await database.close();
}

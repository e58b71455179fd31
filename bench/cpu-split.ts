// Where the CPU goes: runs the mixed player API (or one kind of it) at a fixed open-loop rate
// against the production server on the seeded PostgreSQL data set, and prints CPU milliseconds
// per request for the server process, PostgreSQL's processes and the generator, user and system
// time apart (from /proc, Linux only).
//
//   bun run bench:cpu                                  (mixed API, 700 req/s, 15 s)
//   CPU_RATE=1000 CPU_KIND=leaderboard bun run bench:cpu      (one kind: dashboard, challenges, leaderboard, chat, record)
//   CPU_PATH=/trpc/auth.me bun run bench:cpu           (one GET path, signed in)
//   DATABASE_POOL_MAX=10 bun run bench:cpu             (the server's pool size)
//   CPU_PHASES=3000,3250,3000,3000 bun run bench:cpu   (rates in turn on one server, each apart)
//
// The CPU counted includes the background work the run left (session 17): after the run the
// figures wait (bounded, 120 s) until no job is due or running, so work a job runner defers past
// the run (ADR 0057's tried delay) is still paid for by the requests that caused it.
import { readdirSync, readFileSync } from "node:fs";
import { kindOf, mixedShot } from "./lib/mix";
import { openLoop, type Shot } from "./lib/open-loop";
import { drainJobs } from "./lib/queue";
import { loginAll, seededPlayers } from "./lib/players";
import { spawnServer } from "./lib/procs";
import { kindLines, runLine } from "./lib/report";
import { BENCH_PASSWORD, BENCH_URL } from "./seed";
import { openDatabase } from "../src/server/db/client";
import { restoreSeedSnapshot } from "./lib/snapshot";

const RATE = Number(process.env.CPU_RATE ?? 700);
// CPU_PHASES=3000,3250,3000: runs at these rates one after another on one server, each measured
// apart (CPU_SECONDS each, its jobs worked off before the next): does a run past saturation leave
// the next one dearer? (session 32: bench:load's steps after the first failed one failed too;
// measured this way, it did not: README.)
const PHASES = (process.env.CPU_PHASES ?? String(RATE)).split(",").map(Number);
const SECONDS = Number(process.env.CPU_SECONDS ?? 15);
const KIND = process.env.CPU_KIND;
const PATH = process.env.CPU_PATH;

/** utime/stime clock ticks (1/100 s) of every process, keyed "pid:name:u" / "pid:name:s". */
function ticks(): Map<string, number> {
  const out = new Map<string, number>();
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      out.set(`${pid}:${name}:user`, Number(fields[11]));
      out.set(`${pid}:${name}:sys`, Number(fields[12]));
    } catch {
      // The process ended between listing and reading.
    }
  }
  return out;
}

// Every run starts from the data set bench:seed made, not from what earlier runs recorded.
console.log(await restoreSeedSnapshot(BENCH_URL));
const chosen = await seededPlayers(BENCH_URL, 200, { chat: true });
const METRICS_TOKEN = "bench-metrics-token-cpu";
const server = await spawnServer(BENCH_URL, { METRICS_TOKEN });

/** The server's cache counters (session and read cache, answer memo: ADR 0044, 0056, 0062) from /metrics. */
async function cacheCounters(): Promise<Map<string, number>> {
  const res = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } });
  const out = new Map<string, number>();
  for (const line of (await res.text()).split("\n")) {
    const m = /^birdie_((?:session_cache|read_cache|answer_memo)_(?:hits|misses)) (\S+)$/.exec(line);
    if (m) out.set(m[1], Number(m[2]));
  }
  return out;
}
/** One run at `rate`, the jobs it left worked off, and what it cost each process per request. */
async function measure(rate: number, shot: Shot, label: (i: number) => string) {
  const countersBefore = await cacheCounters();
  const before = ticks();
  const result = await openLoop({ rate, seconds: SECONDS, shot, kindOf: label });
  const database = await openDatabase({ url: BENCH_URL, max: 1 });
  const drained = await drainJobs(database, 120_000);
  await database.close();
  const after = ticks();
  const countersAfter = await cacheCounters();
  console.log(runLine(PATH ?? KIND ?? "mixed API", result));
  console.log(`${drained} (counted)`);
  for (const l of kindLines(result)) console.log(l);

  const counted = (name: string) => (countersAfter.get(name) ?? 0) - (countersBefore.get(name) ?? 0);
  for (const cache of ["session_cache", "read_cache", "answer_memo"]) {
    const hits = counted(`${cache}_hits`);
    const misses = counted(`${cache}_misses`);
    console.log(
      `${cache.replace("_", " ")}: ${hits} hits, ${misses} misses (${((100 * hits) / Math.max(1, hits + misses)).toFixed(1)}% hits)`,
    );
  }

  const groups = new Map<string, number>();
  for (const [key, value] of after) {
    const spent = value - (before.get(key) ?? 0);
    if (spent <= 0) continue;
    const [pid, name, mode] = key.split(":");
    const who = Number(pid) === server.pid ? "server (bun)" : Number(pid) === process.pid ? "generator (bun)" : name;
    groups.set(`${who} ${mode}`, (groups.get(`${who} ${mode}`) ?? 0) + spent);
  }
  const n = rate * SECONDS;
  console.log(`\nCPU per request (${n} requests):`);
  for (const [who, t] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, 8)) {
    console.log(`  ${who.padEnd(24)} ${((t * 10) / n).toFixed(3)} ms   (${(t / 100).toFixed(1)} s)`);
  }
}

try {
  const players = await loginAll(server.url, chosen, BENCH_PASSWORD);
  const mixed = mixedShot(server.url, players);
  let shot: Shot = mixed;
  if (PATH) {
    shot = async (i, signal) => {
      const res = await fetch(server.url + PATH, { headers: { Cookie: players[i % players.length].cookie }, signal });
      await res.arrayBuffer();
      return { ok: res.ok, status: res.status, kind: "path" };
    };
  } else if (KIND) {
    // Request i becomes the next request of the chosen kind in the mix's fixed pattern.
    shot = (i, signal) => {
      let j = i;
      while (kindOf(j) !== KIND) j++;
      return mixed(j, signal);
    };
  }
  const label = PATH ? () => "path" : KIND ? () => KIND : kindOf;
  await openLoop({ rate: Math.min(PHASES[0], 200), seconds: 5, shot, kindOf: label }); // warm-up
  for (const [k, rate] of PHASES.entries()) {
    if (PHASES.length > 1) console.log(`\nphase ${k + 1} of ${PHASES.length}: ${rate} req/s`);
    await measure(rate, shot, label);
  }
} finally {
  await server.stop();
}

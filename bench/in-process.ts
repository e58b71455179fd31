// What our own code costs per request, without the network: the production app (startServer's
// deps, createApp) answers the mix's signed-in GETs through app.fetch() in this process, one after
// another, on the seeded PostgreSQL data set, and prints CPU microseconds per request (user + system,
// this process). Compare with bench:cpu's figures over HTTP: the difference is Bun's HTTP server,
// the sockets and the load generator's share of the machine.
//
//   bun run bench:in-process                    (20,000 requests per kind after 2,000 of warm-up)
//   IN_PROCESS_N=50000 IN_PROCESS_ONLY=challenges,chat bun run bench:in-process
//   IN_PROCESS_ONLY=record bun run bench:in-process  (the mix's recording, then the jobs it left)
//   IN_PROCESS_COLD=1 bun run bench:in-process       (each read with the read cache emptied first:
//                                                      what a miss costs, e.g. after a recording)
//
// The job runner is off (JOB_CONCURRENCY=0): only the requests' own work is counted. Reads the
// read cache answers (ADR 0056) are the usual case here, as in the mix. The recording kind (at
// most 2,000 rounds, it writes) is followed by the jobs its rounds left, run here and counted apart
// (session 27: what a recording costs the server, the request and its background work).
import { createApp } from "../src/server/app";
import { parseEnv } from "../src/server/env";
import { startServer } from "../src/server/server";
import { READ_PATHS, recordRoundInput } from "./lib/mix";
import { JobRunner } from "../src/server/jobs/runner";
import { serverJobHandlers } from "../src/server/server-jobs";
import { NOTIFICATION_JOBS } from "../src/server/features/notifications/public";
import { FAIRPLAY_REFRESH_JOB } from "../src/server/features/fairplay/jobs";
import { loginAll, type Player, seededPlayers } from "./lib/players";
import { BENCH_PASSWORD, BENCH_URL } from "./seed";

const N = Number(process.env.IN_PROCESS_N ?? 20_000);
const ONLY = process.env.IN_PROCESS_ONLY?.split(",");
/** Every read a miss: the read cache is emptied before each (its answers then miss the memo too). */
const COLD = process.env.IN_PROCESS_COLD === "1";

const env = parseEnv({
  NODE_ENV: "test",
  RATE_LIMIT_SCALE: "100000",
  PORT: "0",
  ...process.env,
  DATABASE_URL: BENCH_URL,
  JOB_CONCURRENCY: "0",
});
const running = await startServer(env);
const players = await loginAll(running.url, await seededPlayers(BENCH_URL, 8, { chat: true }), BENCH_PASSWORD);
const app = createApp(running.deps);
const host = `127.0.0.1:${running.port}`;
// What Bun.serve hands the app as its env: only the caller's address is ever asked of it.
const server = { requestIP: () => ({ address: "127.0.0.1", family: "IPv4", port: 1 }) };
const KINDS: [kind: string, path: (p: Player) => string][] = [
  ["health", () => "/api/health/live"],
  ["auth.me", () => "/trpc/auth.me"],
  ...Object.entries(READ_PATHS),
];

/** One figure line: CPU (and wall, when given) per `unit`, over `n` of them. */
function cpuLine(label: string, used: NodeJS.CpuUsage, n: number, unit: string, wallMs?: number): string {
  const wall = wallMs === undefined ? "" : `  wall ${((wallMs * 1000) / n).toFixed(1)} us`;
  return `${label.padEnd(12)} CPU ${((used.user + used.system) / n).toFixed(1).padStart(6)} us per ${unit} (user ${(used.user / n).toFixed(1)})${wall}`;
}

async function run(kind: string, path: (p: Player) => string, n: number) {
  for (let i = 0; i < n; i++) {
    const p = players[i % players.length];
    if (COLD) running.deps.readCache?.clear();
    const req = new Request(`http://${host}${path(p)}`, { headers: { Cookie: p.cookie, Host: host } });
    const res = await app.fetch(req, server);
    if (res.status !== 200) throw new Error(`${kind}: HTTP ${res.status} ${await res.text()}`);
    await res.text();
  }
}

/** The mix's recording n times (after 200 of warm-up), then the round jobs those rounds left. */
async function recordings(n: number) {
  let seq = 0;
  const record = async (count: number) => {
    for (let i = 0; i < count; i++) {
      const p = players[i % players.length];
      const req = new Request(`http://${host}/trpc/birdies.recordRound`, {
        method: "POST",
        headers: { Cookie: p.cookie, Host: host, Origin: `http://${host}`, "Content-Type": "application/json" },
        body: JSON.stringify(recordRoundInput(p, seq++)),
      });
      const res = await app.fetch(req, server);
      if (res.status !== 200) throw new Error(`record: HTTP ${res.status} ${await res.text()}`);
      await res.text();
    }
  };
  await record(200);
  Bun.gc(true);
  const cpu = process.cpuUsage();
  const t = performance.now();
  await record(n);
  const used = process.cpuUsage(cpu);
  const wall = performance.now() - t;
  console.log(cpuLine("record", used, n, "request", wall));
  // The jobs the rounds left (the round's notifications, the fair-play refresh), run here now.
  const kinds = [NOTIFICATION_JOBS.round, FAIRPLAY_REFRESH_JOB];
  const handlers = Object.fromEntries(Object.entries(serverJobHandlers()).filter(([kind]) => kinds.includes(kind)));
  const runner = new JobRunner({ ...running.deps, metrics: undefined }, handlers, { concurrency: 2 });
  const jobCpu = process.cpuUsage();
  const ran = await runner.runDue();
  const jobUsed = process.cpuUsage(jobCpu);
  const rounds = n + 200;
  // Due jobs of these kinds that an earlier run left (this bench does not restore the data set) run
  // too: the per-job figure is the one that holds whatever the queue held before.
  console.log(`${cpuLine("  its jobs", jobUsed, rounds, "round")}, ${ran} jobs for ${rounds} rounds`);
  console.log(cpuLine("  per job", jobUsed, Math.max(1, ran), "job"));
}

try {
  console.log(`${players.length} golfers signed in; ${N} requests per kind, one at a time\n`);
  for (const [kind, path] of KINDS) {
    if (ONLY && !ONLY.includes(kind)) continue;
    await run(kind, path, 2_000);
    Bun.gc(true);
    const cpu = process.cpuUsage();
    const t = performance.now();
    await run(kind, path, N);
    const used = process.cpuUsage(cpu);
    const wall = performance.now() - t;
    console.log(cpuLine(kind, used, N, "request", wall));
  }
  if (!ONLY || ONLY.includes("record")) await recordings(Math.min(N, 2_000));
} finally {
  await running.stop();
}
process.exit(0);

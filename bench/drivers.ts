// postgres.js (patched, what the server uses) against node-postgres (`pg`, no pipelining), both
// under drizzle running the app's own services on the same database (ADR 0015).
//
//   bun run bench:drivers          (BENCH_DRIVERS_URL, default postgres://postgres@127.0.0.1:5432/birdie_bench_drivers)
//
// Seeds a small data set (recreated, dropped at the end), then for each driver, pool of 4:
//   - closed-loop throughput and latency at 1 and 32 requests in flight: a point read, the
//     challenge leaderboard, a chat message (membership check, insert, read back) and the same
//     inside a transaction;
//   - backends terminated in bursts (pg_terminate_backend) under 8 workers: failed operations,
//     errors that escaped every handler, and the time from the last burst to the next success.
// `pg` is a devDependency for this bench only; the server does not load it.
import { eq, sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import pg from "pg";
import postgres from "postgres";
import { type Db, openDatabase } from "../src/server/db/client";
import { rows } from "../src/server/db/raw";
import * as schema from "../src/server/db/schema/index";
import { users } from "../src/server/db/schema/users";
import { sendMessage } from "../src/server/features/chat/service";
import { sendChatMessageSchema } from "../src/shared/schemas/chat";
import { challengeLeaderboard } from "../src/server/features/leaderboards/service";
import { benchContext, benchDeps, benchUser } from "./lib/service-context";
import { summarise } from "./stats";

const URL_ = process.env.BENCH_DRIVERS_URL ?? "postgres://postgres@127.0.0.1:5432/birdie_bench_drivers";
const OPS = Number(process.env.BENCH_DRIVER_OPS ?? 2_000);
const POOL = 4;

// A small set: enough rows for real plans, quick to build.
process.env.SEED_USERS ??= "5000";
process.env.SEED_CHALLENGES ??= "300";
process.env.SEED_RECORDS ??= "60000";
const { seed } = await import("./seed");
await seed(URL_);

type Driver = { name: string; db: Db; close(): Promise<void> };

async function postgresJs(): Promise<Driver> {
  const database = await openDatabase({ url: URL_, max: POOL });
  return { name: "postgres.js 3.4.9 (patched)", db: database.db, close: () => database.close() };
}

function nodePostgres(): Driver {
  const pool = new pg.Pool({ connectionString: URL_, max: POOL });
  // node-postgres's advice for dropped connections: without these listeners an idle client's
  // (pool 'error') or a checked-out client's ('error' on the client) dead backend is an uncaught
  // 'error' event, which ends the process. Both are set, so the comparison is of the driver as
  // it should be wired, not of a missing listener.
  pool.on("error", () => {});
  pool.on("connect", (client) => client.on("error", () => {}));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return { name: `pg ${pgVersion()} (node-postgres)`, db, close: () => pool.end() };
}

function pgVersion(): string {
  try {
    return (require("pg/package.json") as { version: string }).version;
  } catch {
    return "";
  }
}

// The workloads' subjects: the busiest challenge and one of its members.
const probe = await openDatabase({ url: URL_, max: 1 });
const [{ challenge_id: challengeId }] = await rows<{ challenge_id: number }>(
  probe.db,
  sql`select challenge_id from birdie_records group by 1 order by count(*) desc limit 1`,
);
const [{ user_id: memberId }] = await rows<{ user_id: number }>(
  probe.db,
  sql`select user_id from challenge_players where challenge_id = ${challengeId} limit 1`,
);
const member = await benchUser(probe.db, memberId);
const [{ n: userCount }] = await rows<{ n: number }>(probe.db, sql`select count(*)::int n from users`);
// The services' own dependencies live on the probe's connection; each workload's queries run on
// the driver under test.
const deps = benchDeps(probe);

const workloads: { name: string; run(db: Db, i: number): Promise<unknown> }[] = [
  {
    name: "point read (user by id)",
    run: (db, i) =>
      db
        .select()
        .from(users)
        .where(eq(users.id, 1 + (i % userCount))),
  },
  { name: "challenge leaderboard", run: (db) => challengeLeaderboard(benchContext(deps, member, db), { challengeId }) },
  {
    name: "chat message (check, insert, read)",
    // The per-golfer chat limit (30 a minute) would refuse the bench: scaled out of the way, but
    // its counter query still runs on the driver under test, as in the server.
    run: (db, i) =>
      sendMessage(
        benchContext(benchDeps(probe, db), member, db),
        sendChatMessageSchema.parse({ challengeId, message: `bench ${i}` }),
      ),
  },
  {
    name: "same, in a transaction",
    run: (db, i) =>
      db.transaction((tx) =>
        sendMessage(
          benchContext(benchDeps(probe, tx as unknown as Db), member, tx as unknown as Db),
          sendChatMessageSchema.parse({ challengeId, message: `tx ${i}` }),
        ),
      ),
  },
];

/** `ops` operations, `inFlight` at a time; per-operation latency and overall throughput. */
async function closedLoop(run: (i: number) => Promise<unknown>, ops: number, inFlight: number) {
  for (let i = 0; i < 20; i++) await run(i); // warm-up: connections, prepared statements
  const samples: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < ops) {
        const i = next++;
        const t = performance.now();
        await run(i);
        samples.push(performance.now() - t);
      }
    }),
  );
  return { ...summarise(samples), perSecond: ops / ((performance.now() - started) / 1000) };
}

const escaped: string[] = [];
process.on("uncaughtException", (err) => escaped.push(String(err)));
process.on("unhandledRejection", (err) => escaped.push(String(err)));

/** Workers read and write while every backend of the database is terminated, in bursts. */
async function bursts(db: Db, count = 10) {
  const killer = postgres(URL_.replace(/\/[^/]*$/, "/postgres"), { max: 1, onnotice: () => {} });
  const dbName = new URL(URL_).pathname.slice(1);
  let ok = 0;
  let failed = 0;
  let lastBurst = 0;
  let firstOkAfter = Number.NaN;
  let running = true;
  const escapedBefore = escaped.length;
  const workers = Array.from({ length: 8 }, async (_, w) => {
    for (let i = 0; running; i++) {
      try {
        await workloads[(w + i) % 2 === 0 ? 0 : 3].run(db, i);
        ok++;
        if (lastBurst && Number.isNaN(firstOkAfter)) firstOkAfter = performance.now() - lastBurst;
      } catch {
        failed++;
      }
    }
  });
  await Bun.sleep(300);
  for (let b = 0; b < count; b++) {
    await killer`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${dbName} and pid <> pg_backend_pid()`;
    await Bun.sleep(400);
  }
  lastBurst = performance.now();
  const until = lastBurst + 10_000;
  while (Number.isNaN(firstOkAfter) && performance.now() < until) await Bun.sleep(20);
  running = false;
  await Promise.race([Promise.all(workers), Bun.sleep(12_000)]);
  await killer.end();
  const kinds = [...new Set(escaped.slice(escapedBefore).map((e) => e.slice(0, 120)))];
  return { ok, failed, escaped: escaped.length - escapedBefore, kinds, recoveredMs: firstOkAfter };
}

const fmt = (n: number) => n.toFixed(2).padStart(7);
const drivers = [await postgresJs(), nodePostgres()];
console.log(`\npool ${POOL} connections; ${OPS} operations per run, latency per operation.`);
console.log("Each row runs the drivers in turn, twice (A B B A), and shows the mean of the two runs:");
console.log("a shared machine's load then weighs on both alike.\n");
for (const w of workloads) {
  for (const inFlight of [1, 32]) {
    const results = new Map<string, { perSecond: number; p50: number; p99: number }[]>();
    for (const driver of [...drivers, ...[...drivers].reverse()]) {
      const r = await closedLoop((i) => w.run(driver.db, i), OPS, inFlight);
      results.set(driver.name, [...(results.get(driver.name) ?? []), r]);
    }
    for (const driver of drivers) {
      const runs = results.get(driver.name) ?? [];
      const mean = (k: "perSecond" | "p50" | "p99") => runs.reduce((a, r) => a + r[k], 0) / runs.length;
      console.log(
        `${w.name.padEnd(36)} ${String(inFlight).padStart(2)} in flight  ${driver.name.padEnd(30)} ${mean("perSecond").toFixed(0).padStart(6)} ops/s  p50 ${fmt(mean("p50"))} ms  p99 ${fmt(mean("p99"))} ms`,
      );
    }
  }
}
console.log();
for (const driver of drivers) {
  const f = await bursts(driver.db);
  console.log(
    `${driver.name}: 10 termination bursts under 8 workers: ${f.ok} ok, ${f.failed} failed, ${f.escaped} escaped every handler, ` +
      `first success ${Number.isNaN(f.recoveredMs) ? "none within 10 s" : `${f.recoveredMs.toFixed(0)} ms`} after the last burst`,
  );
  for (const kind of f.kinds) console.log(`    escaped: ${kind}`);
  // node-postgres's pool.end() can wait on a client whose socket died: bounded.
  await Promise.race([driver.close(), Bun.sleep(5_000)]);
}

await Promise.race([probe.close(), Bun.sleep(5_000)]);

const admin = postgres(URL_.replace(/\/[^/]*$/, "/postgres"), { max: 1, onnotice: () => {} });
await admin.unsafe(`drop database if exists "${new URL(URL_).pathname.slice(1)}" with (force)`);
await admin.end();
process.exit(0);

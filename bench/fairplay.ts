// What one fair-play refresh costs (ADR 0041, issue 19): the job every change to a golfer's
// records leads to, which reads that golfer's whole history. Runs the rules (`findFlags`) and the
// full refresh (rules + flag upserts) for the golfers with the most records in the seeded
// PostgreSQL data set (bun bench/seed.ts first) and prints p50/p99 per golfer.
//
//   bun run bench:fairplay
//   FAIRPLAY_GOLFERS=5 BENCH_ITERATIONS=50 bun run bench:fairplay
import { sql } from "drizzle-orm";
import { openDatabase } from "../src/server/db/client";
import { rows } from "../src/server/db/raw";
import { refreshFlags } from "../src/server/features/fairplay/refresh";
import { findFlags } from "../src/server/features/fairplay/rules";
import { BENCH_URL } from "./seed";
import { line, time } from "./stats";

const GOLFERS = Number(process.env.FAIRPLAY_GOLFERS ?? 3);
const N = Number(process.env.BENCH_ITERATIONS ?? 20);

const database = await openDatabase({ url: BENCH_URL, max: 2 });
try {
  const busiest = await rows<{ user_id: number; n: number }>(
    database.db,
    sql`select user_id, count(*)::int as n from birdie_records group by user_id order by n desc limit ${GOLFERS}`,
  );
  for (const g of busiest) {
    console.log(`golfer ${g.user_id}, ${g.n} records`);
    console.log(line("  rules (findFlags)", await time(N, () => findFlags(database.db, g.user_id))));
    console.log(line("  refresh (rules + upserts)", await time(N, () => refreshFlags(database.db, g.user_id))));
  }
} finally {
  await database.close();
}

// Leaderboard and recording latency on the seeded data sets (bun bench/seed.ts first, once per
// scale: SEED_SCALE=10 bun bench/seed.ts for the 10x set).
//   bun run bench:leaderboards                    (scales 1 and 10; a missing database is skipped)
//   BENCH_SCALES=0.05 bun run bench:leaderboards  (one small set, for a quick check)
// Per scale: p50/p99 per board and for recording one birdie (achievement checks, the trigger-kept
// period totals, standings and points histogram included), then EXPLAIN ANALYZE of every board
// statement with a verdict: which tables each reads, the largest row count any plan node touched,
// and any sequential scan of a table that grows with records or users (ADR 0036).
import { type SQL, sql } from "drizzle-orm";
import postgres from "postgres";
import { openDatabase } from "../src/server/db/client";
import { rows } from "../src/server/db/raw";
import { recordBirdie } from "../src/server/features/birdies/recording";
import {
  challengeLeaderboard,
  globalLeaderboard,
  globalTopQuery,
  myChallengesLeaderboard,
  myChallengesPageQuery,
  ownGlobalRankQuery,
  rankChallengesQuery,
} from "../src/server/features/leaderboards/service";
import { PERIODS, periodKey } from "../src/shared/domain/periods";
import { recordBirdieSchema } from "../src/shared/schemas/birdies";
import { benchContext, benchDeps, benchUser } from "./lib/service-context";
import { benchUrl } from "./seed";
import { line, time } from "./stats";

const N = Number(process.env.BENCH_ITERATIONS ?? 200);
const SCALES = (process.env.BENCH_SCALES ?? "1,10").split(",").map(Number);
/** Tables whose size follows the records or the golfers: a sequential scan of one is a finding. */
const GROWING = [
  "birdie_records",
  "users",
  "challenge_players",
  "user_period_stats",
  "challenge_standings",
  "period_points",
  "challenges",
];

async function exists(url: string): Promise<boolean> {
  const name = new URL(url).pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = "/postgres";
  const client = postgres(admin.toString(), { max: 1, onnotice: () => {} });
  try {
    const found = await client`select 1 from pg_database where datname = ${name}`;
    return found.length > 0;
  } finally {
    await client.end();
  }
}

async function benchScale(scale: number, url: string) {
  const database = await openDatabase({ url, max: 4 });
  const db = database.db;
  const deps = benchDeps(database);
  const as = async (userId: number) => benchContext(deps, await benchUser(db, userId));

  const [counts] = await rows<{ users: number; records: number; challenges: number }>(
    db,
    sql`select (select count(*) from users)::int users, (select count(*) from birdie_records)::int records, (select count(*) from challenges)::int challenges`,
  );
  console.log(
    `\n=== scale ${scale}: ${counts.users} users, ${counts.challenges} challenges, ${counts.records} records; ${N} iterations each\n`,
  );

  // The busiest challenge (most records) and the busiest golfer (most challenges).
  const [bigChallenge] = await rows<{ challenge_id: number; n: number }>(
    db,
    sql`select challenge_id, count(*)::int n from birdie_records group by 1 order by 2 desc limit 1`,
  );
  const [member] = await rows<{ user_id: number }>(
    db,
    sql`select user_id from challenge_players where challenge_id = ${bigChallenge.challenge_id} limit 1`,
  );
  const [busy] = await rows<{ user_id: number; n: number }>(
    db,
    sql`select user_id, count(*)::int n from challenge_players group by 1 order by 2 desc limit 1`,
  );
  const [tail] = await rows<{ user_id: number }>(
    db,
    sql`select user_id from user_period_stats where period = 'all' and points > 0 order by points asc, user_id limit 1`,
  );

  const [asMember, asBusy, asTail] = await Promise.all([as(member.user_id), as(busy.user_id), as(tail.user_id)]);

  console.log(
    line(
      `challenge leaderboard (${bigChallenge.n} records)`,
      await time(N, () => challengeLeaderboard(asMember, { challengeId: bigChallenge.challenge_id })),
    ),
  );
  console.log(
    line(
      `my-challenges leaderboard (${busy.n} challenges)`,
      await time(N, () => myChallengesLeaderboard(asBusy, { offset: 0 })),
    ),
  );
  for (const period of PERIODS) {
    console.log(
      line(
        `global ${period}: top 100 + own rank (tail user)`,
        await time(N, () => globalLeaderboard(asTail, { period })),
      ),
    );
  }

  // Recording: an active challenge that allows multiple birdies, so every call is valid.
  // The challenge's own first course is passed, so hybrid challenges are valid too.
  const [active] = await rows<{ id: number; user_id: number; course_id: number }>(
    db,
    sql`select c.id, p.user_id, cc.course_id from challenges c join challenge_players p on p.challenge_id = c.id
        join challenge_courses cc on cc.challenge_id = c.id and cc.position = 0
        where c.allow_multiple_birdies and c.start_date < now() - interval '2 days' and c.end_date > now() + interval '2 days'
        limit 1`,
  );
  const today = new Date().toISOString().slice(0, 10);
  if (active) {
    const recorder = await as(active.user_id);
    console.log(
      line(
        "record one birdie (checks, achievements, totals)",
        await time(N, (i) =>
          recordBirdie(
            recorder,
            recordBirdieSchema.parse({
              challengeId: active.id,
              courseId: active.course_id,
              holeNumber: 1 + (i % 18),
              score: 3,
              date: today,
              verifiedBy: { name: "Bench", signature: "bench" },
            }),
          ),
        ),
      ),
    );
  } else {
    console.log("record one birdie: no active multiple-birdie challenge in this set");
  }

  // The statements the boards run, with the same builders the services use.
  const mine = await rows<{ id: number }>(db, myChallengesPageQuery(busy.user_id, 0));
  const allKey = periodKey("all", new Date());
  const plans: [string, SQL][] = [
    ["challenge board", rankChallengesQuery([bigChallenge.challenge_id], Number.MAX_SAFE_INTEGER)],
    ["my-challenges page", myChallengesPageQuery(busy.user_id, 0)],
    [
      "my-challenges boards",
      rankChallengesQuery(
        mine.map((c) => c.id),
        3,
      ),
    ],
    ["global top 100", globalTopQuery(allKey)],
    ["global own rank (tail user)", ownGlobalRankQuery(allKey, tail.user_id)],
  ];
  console.log("");
  for (const [label, query] of plans) {
    const plan = await rows<{ "QUERY PLAN": string }>(
      db,
      sql`explain (analyze, costs off, timing off, summary off) ${query}`,
    );
    const text = plan.map((r) => r["QUERY PLAN"]).join("\n");
    const seq = GROWING.filter((t) => new RegExp(`Seq Scan on ${t}\\b`).test(text));
    const read = GROWING.filter((t) => new RegExp(`on ${t}\\b`).test(text));
    const maxRows = Math.max(0, ...[...text.matchAll(/rows=(\d+)/g)].map((m) => Number(m[1])));
    console.log(
      `EXPLAIN ${label}: reads ${read.join(", ") || "-"}; largest node ${maxRows} rows; ` +
        `birdie_records ${/birdie_records/.test(text) ? "READ" : "not read"}; ` +
        `sequential scans of growing tables: ${seq.length ? seq.join(", ") : "none"}`,
    );
    if (process.env.BENCH_PLANS) console.log(text);
  }
  await database.close();
}

for (const scale of SCALES) {
  const url = benchUrl(scale);
  if (!(await exists(url))) {
    console.log(`\n=== scale ${scale}: no database at ${url} (run SEED_SCALE=${scale} bun run bench:seed); skipped`);
    continue;
  }
  await benchScale(scale, url);
}

// Leaderboard and recording latency on the seeded data set (bun bench/seed.ts first).
//   bun run bench:leaderboards
// Prints p50/p99 per board and for recording one birdie (achievement checks and the trigger-kept
// period totals included), plus EXPLAIN of the global board to show it never scans the records.
import { sql } from "drizzle-orm";
import { openDatabase } from "../src/server/db/client";
import { rows } from "../src/server/db/raw";
import { recordBirdie } from "../src/server/features/birdies/recording";
import { recordBirdieSchema } from "../src/shared/schemas/birdies";
import {
  challengeLeaderboard,
  globalLeaderboard,
  myChallengesLeaderboard,
} from "../src/server/features/leaderboards/service";
import { PERIODS } from "../src/shared/domain/periods";
import { benchContext, benchDeps, benchUser } from "./lib/service-context";
import { BENCH_URL } from "./seed";
import { line, time } from "./stats";

const N = Number(process.env.BENCH_ITERATIONS ?? 200);
const database = await openDatabase({ url: BENCH_URL, max: 4 });
const db = database.db;
const deps = benchDeps(database);
const as = async (userId: number) => benchContext(deps, await benchUser(db, userId));

const [counts] = await rows<{ users: number; records: number; challenges: number }>(
  db,
  sql`select (select count(*) from users)::int users, (select count(*) from birdie_records)::int records, (select count(*) from challenges)::int challenges`,
);
console.log(
  `data: ${counts.users} users, ${counts.challenges} challenges, ${counts.records} records; ${N} iterations each\n`,
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
  sql`select user_id from user_period_stats where period = 'all' order by points asc, user_id limit 1`,
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

const plan = await rows<{ "QUERY PLAN": string }>(
  db,
  sql`explain select s.user_id, s.points from user_period_stats s join users u on u.id = s.user_id
      where s.period = 'all' and s.points > 0 order by s.points desc, s.user_id limit 100`,
);
const text = plan.map((r) => r["QUERY PLAN"]).join("\n");
console.log(`\nEXPLAIN global top 100:\n${text}`);
console.log(`birdie_records scanned by the global board: ${/birdie_records/.test(text) ? "YES" : "no"}`);
await database.close();

// Fills a PostgreSQL database with a realistic data set for the benchmarks:
// 100,000 users, 500 courses, 5,000 challenges over two years, skewed membership and activity
// (a few very active golfers, a long tail), and ~1,000,000 birdie records.
//
//   bun bench/seed.ts                 (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/birdie_bench)
//   SEED_SCALE=10 bun bench/seed.ts   (10x: 1,000,000 users, 50,000 challenges, ~10,000,000 records,
//                                      into birdie_bench_x10; any scale, e.g. 0.05 for a quick check)
//   SEED_USERS=10000 SEED_CHALLENGES=500 SEED_RECORDS=100000 bun bench/seed.ts   (a custom set)
//
// The database is dropped and recreated. Bulk rows are generated inside PostgreSQL
// (generate_series), the record triggers are paused during the load and the period totals, the
// challenge standings and the points histogram are rebuilt in set-based statements afterwards,
// exactly as the migrations' backfills do (ADR 0036).
import postgres from "postgres";
import { openDatabase } from "../src/server/db/client";
import { migrateDatabase } from "../src/server/db/migrate";
import { hashPassword } from "../src/server/auth/password";
import { keepSeedSnapshot, namesOf } from "./lib/snapshot";

const BASE_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/birdie_bench";
export const SEED_SCALE = Number(process.env.SEED_SCALE ?? 1);

/** The bench database of a scale: the base name at 1, `<base>_x10` at 10, `<base>_x0_05` at 0.05. */
export function benchUrl(scale: number, base = BASE_URL): string {
  if (scale === 1) return base;
  const url = new URL(base);
  url.pathname = `${url.pathname}_x${String(scale).replace(".", "_")}`;
  return url.toString();
}

export const BENCH_URL = benchUrl(SEED_SCALE);
const USERS = Number(process.env.SEED_USERS ?? Math.round(100_000 * SEED_SCALE));
const CHALLENGES = Number(process.env.SEED_CHALLENGES ?? Math.max(1, Math.round(5_000 * SEED_SCALE)));
const RECORDS = Number(process.env.SEED_RECORDS ?? Math.round(1_000_000 * SEED_SCALE));
const COURSES = 500;

export const BENCH_PASSWORD = "benchpass1";

async function recreate(url: string) {
  const { admin, name } = namesOf(url);
  const sql = postgres(admin, { max: 1, onnotice: () => {} });
  await sql.unsafe(`drop database if exists "${name}" with (force)`);
  await sql.unsafe(`create database "${name}"`);
  await sql.end();
}

async function step(label: string, fn: () => Promise<unknown>) {
  const t = performance.now();
  await fn();
  console.log(`${label.padEnd(44)} ${((performance.now() - t) / 1000).toFixed(1)} s`);
}

export async function seed(url = BENCH_URL) {
  await recreate(url);
  const database = await openDatabase({ url });
  await migrateDatabase(database);
  await database.close();

  const sql = postgres(url, { max: 1, onnotice: () => {} });
  const hash = await hashPassword(BENCH_PASSWORD);
  const recordsPerMembership = Math.max(1, RECORDS / (CHALLENGES * 20));

  await step(`users (${USERS})`, () =>
    sql.unsafe(
      `insert into users (username, display_name, email, password_hash, handicap, created_at)
       select 'golfer' || i, 'Golfer ' || i, 'golfer' || i || '@bench.test', $1,
              round((random() * 36)::numeric, 1), now() - (random() * interval '730 days')
       from generate_series(1, ${USERS}) i`,
      [hash],
    ),
  );
  await step(`courses (${COURSES})`, () =>
    sql.unsafe(`insert into courses (name) select 'Bench Links ' || i from generate_series(1, ${COURSES}) i`),
  );
  // Challenges spread over two years; ~10% are running now. Half allow multiple birdies.
  await step(`challenges (${CHALLENGES})`, () =>
    sql.unsafe(
      `insert into challenges (name, course_mode, start_date, end_date, tiebreaker, tiebreaker_threshold,
                               allow_multiple_birdies, eagle_bonus, creator_id, invite_code, invite_pin)
       select 'Bench Challenge ' || i, case when i % 5 = 0 then 'hybrid' else 'single' end,
              s, s + ((30 + floor(random() * 90)) || ' days')::interval,
              (array['mostBirdies','firstToThreshold','firstToComplete'])[1 + i % 3], 9,
              i % 2 = 0, i % 4 = 0, 1 + floor(power(random(), 3) * ${USERS})::int,
              'bench-invite-' || lpad(i::text, 8, '0'), 'B' || lpad(i::text, 9, '0')
       from generate_series(1, ${CHALLENGES}) i,
            lateral (select case when i % 10 = 0 then now() - interval '20 days'
                                 else now() - ((30 + random() * 700) || ' days')::interval end as s) d`,
    ),
  );
  await step("challenge courses", () =>
    sql.unsafe(`insert into challenge_courses (challenge_id, course_id, position)
                select id, 1 + (id % ${COURSES}), 0 from challenges`),
  );
  // 5-40 players a challenge, drawn with a skew so some golfers play in many challenges.
  await step("challenge players", () =>
    sql.unsafe(`insert into challenge_players (challenge_id, user_id, joined_at)
                select c.id, 1 + floor(power(random(), 1.5) * ${USERS})::int, c.start_date
                from challenges c, lateral generate_series(1, 5 + floor(random() * 36)::int + 0 * c.id) g
                on conflict do nothing;
                insert into challenge_players (challenge_id, user_id, joined_at)
                select id, creator_id, start_date from challenges on conflict do nothing`),
  );
  // The fair-play trigger too: it would enqueue one refresh job per golfer with records (585k at
  // scale 10), a backlog the benches would then measure instead of the API. Seeded golfers start
  // without flags; a refresh comes with their next record, as for any golfer.
  await sql.unsafe(`alter table birdie_records disable trigger birdie_records_stats_trigger;
                    alter table birdie_records disable trigger birdie_records_standings_trigger;
                    alter table birdie_records disable trigger fairplay_records_inserted;
                    alter table user_period_stats disable trigger user_period_stats_points_trigger`);
  // Activity is skewed too: most players record a few holes, some record a lot.
  await step(`birdie records (~${RECORDS})`, () =>
    sql.unsafe(`insert into birdie_records (challenge_id, user_id, course_id, hole_number, score, date_played,
                                            created_at, verifier_name, verifier_signature, counted)
                select p.challenge_id, p.user_id, cc.course_id, 1 + floor(random() * 18)::int,
                       case when random() < 0.12 then 2 else 3 end,
                       d::date, d + interval '5 hours', 'Partner', 'signature:partner', true
                from challenge_players p
                join challenges c on c.id = p.challenge_id
                join challenge_courses cc on cc.challenge_id = c.id,
                lateral generate_series(1, floor(power(random(), 2) * ${(recordsPerMembership * 3).toFixed(2)})::int + 0 * p.user_id) g,
                lateral (select c.start_date + random() * (least(c.end_date, now() - interval '1 hour') - c.start_date) as d) dd`),
  );
  // Without multiple birdies only the best record of a hole counts.
  await step("counted flags (one per hole without multiples)", () =>
    sql.unsafe(`update birdie_records r set counted = false
                from (select id, row_number() over (partition by challenge_id, user_id, hole_number order by score, created_at, id) n
                      from birdie_records) x, challenges c
                where x.id = r.id and c.id = r.challenge_id and not c.allow_multiple_birdies and x.n > 1`),
  );
  await step("period totals", () =>
    sql.unsafe(`insert into user_period_stats (period, user_id, points, birdies, eagles)
                select k.period, r.user_id, sum(case when r.score <= 2 then 3 else 1 end),
                       sum(case when r.score <= 2 then 0 else 1 end), sum(case when r.score <= 2 then 1 else 0 end)
                from birdie_records r
                cross join lateral unnest(array['all', 'y:' || to_char(r.date_played, 'YYYY'), 'm:' || to_char(r.date_played, 'YYYY-MM'),
                  'w:' || to_char(date_trunc('week', r.date_played)::date, 'YYYY-MM-DD'), 'd:' || to_char(r.date_played, 'YYYY-MM-DD')]) as k(period)
                where r.counted group by k.period, r.user_id`),
  );
  await step("challenge standings", () => sql.unsafe("select challenge_standings_rebuild()"));
  await step("points histogram", () => sql.unsafe("select period_points_rebuild()"));
  await sql.unsafe(`alter table birdie_records enable trigger birdie_records_stats_trigger;
                    alter table birdie_records enable trigger birdie_records_standings_trigger;
                    alter table birdie_records enable trigger fairplay_records_inserted;
                    alter table user_period_stats enable trigger user_period_stats_points_trigger`);
  // Vacuum and a checkpoint now, not during the benchmark: otherwise autovacuum's first pass over
  // the million new records and the seed's dirty pages (a checkpoint spread over 4-5 minutes) ran
  // under the first runs, and bench:load saw stalls of 0.5-2.5 s that no code change explained.
  await step("vacuum analyze", () => sql.unsafe("vacuum (analyze)"));
  await step("checkpoint", () => sql.unsafe("checkpoint"));
  // The checkpoint leaves its writes in the OS page cache; flushed later, they slowed PostgreSQL's
  // WAL fsyncs (0.2-0.5 s seen) during the first run. Same host only; harmless elsewhere.
  await step("sync", async () => void Bun.spawnSync(["sync"]));
  const [counts] =
    await sql`select (select count(*) from users)::int users, (select count(*) from challenges)::int challenges,
      (select count(*) from challenge_players)::int memberships, (select count(*) from birdie_records)::int records,
      (select count(*) from user_period_stats)::int period_rows,
      (select count(*) from challenge_standings)::int standings, (select count(*) from period_points)::int histogram_rows`;
  console.log("seeded:", counts);
  await sql.end();
  // The benches that write start from this copy (bench/lib/snapshot.ts).
  await step("snapshot for the benches to restore", () => keepSeedSnapshot(url));
}

if (import.meta.main) {
  await seed();
}

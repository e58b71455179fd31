import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { createChallengeSchema } from "../../../shared/schemas/challenges";
import { rows } from "../../db/raw";
import { type UserRow, users } from "../../db/schema/users";
import { AppError } from "../../lib/errors";
import { createTestHarness, type TestHarness } from "../../test/harness/harness";
import { deleteBirdie } from "../birdies/deletion";
import { recordRound } from "../birdies/recording";
import { addPlayer } from "../challenges/access";
import { createChallenge, removePlayer } from "../challenges/commands";
import { compactPeriodPoints } from "./histogram";
import { type RankedRow, rankChallenges, ranksBeforeAndAfter, type StandingAsOf, standingOf } from "./queries";
import { challengeLeaderboard, myChallengesLeaderboard } from "./service";

// Property test (ADR 0036): the boards read trigger-kept standings and a points histogram; on
// randomized histories (records, eagle upgrades, deletes, removals and re-joins, disabled and
// deleted golfers, tied moments, edited tiebreakers) they must rank exactly as the SQL ranking
// over the records did before, kept here as the oracle.

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness({ env: { RATE_LIMIT_SCALE: "1000" } });
}, 120_000);
afterAll(() => h.close());

/** Today's ranking before the standings (drizzle/0011 era), verbatim: the oracle. */
async function oracleBoards(challengeIds: readonly number[]) {
  const ids = sql.join(
    challengeIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const ranked = await rows<{
    challenge_id: number;
    user_id: number;
    points: number;
    holes: number;
    birdies: number;
    eagles: number;
    rank: number;
    total_players: number;
  }>(
    h.db,
    sql`
    with members as (
      select p.challenge_id, p.user_id, c.tiebreaker, c.tiebreaker_threshold, c.eagle_bonus
      from challenge_players p join challenges c on c.id = p.challenge_id
      where p.challenge_id in (${ids})
    ),
    stats as (
      select r.challenge_id, r.user_id,
             sum(record_points(r.score))::int as points,
             count(distinct r.hole_number)::int as holes,
             (count(*) filter (where not is_eagle(r.score)))::int as birdies,
             (count(*) filter (where is_eagle(r.score)))::int as eagles,
             max(r.created_at) as last_at
      from birdie_records r
      where r.challenge_id in (${ids}) and r.counted
      group by r.challenge_id, r.user_id
    ),
    hole_first as (
      select challenge_id, user_id, hole_number, min(created_at) as t,
             row_number() over (partition by challenge_id, user_id order by min(created_at)) as n
      from birdie_records
      where challenge_id in (${ids})
      group by challenge_id, user_id, hole_number
    ),
    reach as (
      select h.challenge_id, h.user_id,
             max(h.t) filter (where h.n = m.tiebreaker_threshold) as reached_threshold,
             max(h.t) filter (where h.n = 18) as reached_all
      from hole_first h join members m on m.challenge_id = h.challenge_id and m.user_id = h.user_id
      group by h.challenge_id, h.user_id
    )
    select m.challenge_id, m.user_id,
           coalesce(s.points, 0) as points, coalesce(s.holes, 0) as holes,
           coalesce(s.birdies, 0) as birdies, coalesce(s.eagles, 0) as eagles,
           (rank() over (
             partition by m.challenge_id
             order by coalesce(s.points, 0) desc,
                      case when m.tiebreaker = 'mostBirdies'
                           then coalesce(s.birdies, 0) + coalesce(s.eagles, 0) * (case when m.eagle_bonus then 2 else 1 end) end desc nulls last,
                      case when m.tiebreaker = 'firstToThreshold' then r.reached_threshold
                           when m.tiebreaker = 'firstToComplete' then r.reached_all end asc nulls last,
                      s.last_at asc nulls last
           ))::int as rank,
           (count(*) over (partition by m.challenge_id))::int as total_players
    from members m
    join users u on u.id = m.user_id
    left join stats s on s.challenge_id = m.challenge_id and s.user_id = m.user_id
    left join reach r on r.challenge_id = m.challenge_id and r.user_id = m.user_id
    order by m.challenge_id, rank, lower(u.display_name), m.user_id`,
  );
  const counts = await rows<{
    challenge_id: number;
    user_id: number;
    hole_number: number;
    birdies: number;
    eagles: number;
  }>(
    h.db,
    sql`select challenge_id, user_id, hole_number,
               (count(*) filter (where not is_eagle(score)))::int as birdies,
               (count(*) filter (where is_eagle(score)))::int as eagles
        from birdie_records
        where challenge_id in (${ids}) and counted
        group by challenge_id, user_id, hole_number`,
  );
  return ranked.map((r) => {
    const holeCounts: Record<string, { birdies: number; eagles: number }> = {};
    for (const c of counts) {
      if (c.challenge_id === r.challenge_id && c.user_id === r.user_id) {
        holeCounts[String(c.hole_number)] = { birdies: c.birdies, eagles: c.eagles };
      }
    }
    return { ...r, holeCounts };
  });
}

/** Small deterministic generator, so a failing seed can be replayed (STANDINGS_SEED=...). */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(list: readonly T[]): T => list[int(0, list.length - 1)];
  return { next, int, pick };
}

const DAY = 86_400_000;
const today = () => new Date().toISOString().slice(0, 10);
const partner = { name: "Pat", signature: "pat" };
// Equal names (and names equal but for case) exercise the listing order within a shared rank.
const NAMES = ["Ann", "ann", "Bob", "Cy", "Bob"];

/** Expected refusals of a random step (hole taken, not a member, ...); anything else fails. */
async function tolerate(step: Promise<unknown>) {
  try {
    await step;
  } catch (err) {
    if (err instanceof AppError && err.kind !== "UNAVAILABLE") return;
    throw err;
  }
}

async function makeGolfers(count: number, tag: string): Promise<UserRow[]> {
  const made: UserRow[] = [];
  for (let i = 0; i < count; i++) {
    const [row] = await h.db
      .insert(users)
      .values({
        username: `st_${tag}_${i}`,
        displayName: NAMES[i % NAMES.length],
        email: `st_${tag}_${i}@example.com`,
        passwordHash: "not-a-hash",
      })
      .returning();
    made.push(row);
  }
  return made;
}

async function checkBoards(challengeIds: readonly number[], viewer: Map<number, UserRow>, seed: number) {
  const oracle = await oracleBoards(challengeIds);
  for (const id of challengeIds) {
    const member = viewer.get(id);
    if (!member) continue;
    const board = await challengeLeaderboard(h.as(member), { challengeId: id });
    const expected = oracle.filter((r) => r.challenge_id === id);
    const got = board.map((e) => ({
      user_id: e.user.id,
      rank: e.rank,
      points: e.points,
      holes: e.birdiedHoles,
      birdies: e.birdies,
      eagles: e.eagles,
      holeCounts: e.holeCounts,
    }));
    const want = expected.map((r) => ({
      user_id: r.user_id,
      rank: r.rank,
      points: r.points,
      holes: r.holes,
      birdies: r.birdies,
      eagles: r.eagles,
      holeCounts: r.holeCounts,
    }));
    expect({ seed, challenge: id, board: got }).toEqual({ seed, challenge: id, board: want });
  }
}

class RolledBack extends Error {}

/** The board's ranking with `asOf` stored as the player's standing, in a transaction rolled back after. */
async function boardWithStanding(challengeId: number, asOf: StandingAsOf): Promise<RankedRow[]> {
  let board: RankedRow[] = [];
  await h.db
    .transaction(async (tx) => {
      await tx.execute(
        sql`delete from challenge_standings where challenge_id = ${challengeId} and user_id = ${asOf.userId}`,
      );
      if (asOf.standing) {
        const row = { ...asOf.standing, challenge_id: challengeId, user_id: asOf.userId };
        await tx.execute(
          sql`insert into challenge_standings
              select * from jsonb_populate_record(null::challenge_standings, ${JSON.stringify(row)}::jsonb)`,
        );
      }
      board = await rankChallenges(tx, [challengeId], { countsUpTo: 0 });
      throw new RolledBack();
    })
    .catch((err: unknown) => {
      if (!(err instanceof RolledBack)) throw err;
    });
  return board;
}

/**
 * The round notification's one-pass ranks (now, and with one player's standing swapped for an
 * earlier one) equal the board's ranking run twice, on the board as it is and with that standing
 * stored: for a random player of each challenge and a standing that is none, another player's, or
 * their own.
 */
async function checkRanksBeforeAndAfter(
  challengeIds: readonly number[],
  seed: number,
  rnd: ReturnType<typeof generator>,
) {
  for (const id of challengeIds) {
    const now = await rankChallenges(h.db, [id], { countsUpTo: 0 });
    if (!now.length) continue;
    const golfer = rnd.pick(now).user_id;
    const kind = rnd.pick(["none", "other", "own"] as const);
    const standing =
      kind === "none" ? null : await standingOf(h.db, id, kind === "own" ? golfer : rnd.pick(now).user_id);
    const asOf = { userId: golfer, standing };
    const before = await boardWithStanding(id, asOf);
    const rankBefore = new Map(before.map((r) => [r.user_id, r.rank]));
    const want: unknown[] = now
      .map((r) => ({
        user_id: r.user_id,
        rank: r.rank,
        rank_before: rankBefore.get(r.user_id),
        total_players: r.total_players,
      }))
      .sort((a, b) => a.user_id - b.user_id);
    const got: unknown[] = await ranksBeforeAndAfter(h.db, id, asOf);
    expect({ seed, challenge: id, kind, ranks: got }).toEqual({ seed, challenge: id, kind, ranks: want });
  }
}

async function checkMyChallenges(golfers: readonly UserRow[], seed: number) {
  for (const g of golfers) {
    const mine = await myChallengesLeaderboard(h.as(g), { offset: 0 });
    if (!mine.length) continue;
    const oracle = await oracleBoards(mine.map((m) => m.challengeId));
    for (const item of mine) {
      const board = oracle.filter((r) => r.challenge_id === item.challengeId);
      const me = board.find((r) => r.user_id === g.id);
      expect({ seed, item: item.challengeId, rank: item.userRank, total: item.totalPlayers }).toEqual({
        seed,
        item: item.challengeId,
        rank: me?.rank ?? board.length,
        total: board[0]?.total_players ?? 0,
      });
      expect({
        seed,
        top: item.leaderboard.map((e) => [e.user.id, e.rank, e.points, e.holeCounts]),
      }).toEqual({ seed, top: board.slice(0, 3).map((r) => [r.user_id, r.rank, r.points, r.holeCounts]) });
    }
  }
}

/**
 * Every standing row equals a recomputation from the records with the oracle's rules (hole
 * moments over all of a hole's records), and only pairs with a counting record have one.
 */
async function checkStandingRows(seed: number) {
  const diff = await rows<{ challenge_id: number; user_id: number; side: string }>(
    h.db,
    sql`with firsts as (
          select challenge_id, user_id, hole_number, min(created_at) as t from birdie_records
          group by challenge_id, user_id, hole_number
        ),
        expected as (
          select r.challenge_id, r.user_id,
                 sum(record_points(r.score)) filter (where r.counted) as points,
                 (count(*) filter (where r.counted and not is_eagle(r.score))) as birdies,
                 (count(*) filter (where r.counted and is_eagle(r.score))) as eagles,
                 count(distinct r.hole_number) filter (where r.counted) as holes,
                 max(r.created_at) filter (where r.counted) as last_at,
                 (select array_agg(f.t order by f.t) from firsts f
                  where f.challenge_id = r.challenge_id and f.user_id = r.user_id) as moments
          from birdie_records r group by r.challenge_id, r.user_id
          having bool_or(r.counted)
        ),
        kept as (
          select challenge_id, user_id, points::bigint as points, birdies::bigint as birdies, eagles::bigint as eagles,
                 holes::bigint as holes, last_at, hole_moments as moments from challenge_standings
        )
        (select challenge_id, user_id, 'missing' as side from (select * from expected except select * from kept) a)
        union all
        (select challenge_id, user_id, 'extra' as side from (select * from kept except select * from expected) b)`,
  );
  expect({ seed, diff }).toEqual({ seed, diff: [] });
}

/** The histogram's rank of every golfer in every period equals counting the golfers above. */
async function checkHistogram(seed: number) {
  const wrong = await rows<{ period: string; user_id: number; histogram: number; counted: number }>(
    h.db,
    sql`select s.period, s.user_id,
               (1 + coalesce((select sum(p.golfers) from period_points p where p.period = s.period and p.points > s.points), 0))::int as histogram,
               (1 + (select count(*) from user_period_stats o where o.period = s.period and o.points > s.points))::int as counted
        from user_period_stats s where s.points > 0`,
  );
  expect({ seed, wrong: wrong.filter((r) => r.histogram !== r.counted) }).toEqual({ seed, wrong: [] });
  // And bucket by bucket: no stray golfers at totals nobody holds.
  const buckets = await rows<{ period: string; points: number; histogram: number; actual: number }>(
    h.db,
    sql`with hist as (select period, points, sum(golfers)::int as n from period_points group by period, points),
             actual as (select period, points, count(*)::int as n from user_period_stats where points > 0 group by period, points)
        select coalesce(hist.period, actual.period) as period, coalesce(hist.points, actual.points) as points,
               coalesce(hist.n, 0) as histogram, coalesce(actual.n, 0) as actual
        from hist full join actual on actual.period = hist.period and actual.points = hist.points
        where coalesce(hist.n, 0) <> coalesce(actual.n, 0)`,
  );
  expect({ seed, buckets }).toEqual({ seed, buckets: [] });
}

describe("standings and the points histogram rank as the SQL ranking over records", () => {
  const seeds = process.env.STANDINGS_SEED
    ? [Number(process.env.STANDINGS_SEED)]
    : Array.from({ length: 3 }, () => Math.floor(Math.random() * 2 ** 31));
  for (const seed of seeds) {
    test(`randomized history, seed ${seed}`, async () => {
      const rnd = generator(seed);
      const golfers = await makeGolfers(9, String(seed));
      const challengeIds: number[] = [];
      const members = new Map<number, UserRow[]>();
      const creators = new Map<number, UserRow>();
      for (let c = 0; c < 3; c++) {
        const creator = golfers[c];
        const challenge = await createChallenge(
          h.as(creator),
          createChallengeSchema.parse({
            name: `Standings ${seed} ${c}`,
            startDate: new Date(Date.now() - 5 * DAY).toISOString(),
            endDate: new Date(Date.now() + 20 * DAY).toISOString(),
            courseName: `Standings Course ${seed} ${c}`,
            tiebreaker: rnd.pick(["mostBirdies", "firstToThreshold"] as const),
            tiebreakerThreshold: rnd.int(1, 5),
            eagleBonus: rnd.next() < 0.5,
            allowMultipleBirdies: rnd.next() < 0.5,
          }),
        );
        challengeIds.push(challenge.id);
        creators.set(challenge.id, creator);
        const list = [creator];
        for (const g of golfers) {
          if (g.id !== creator.id && rnd.next() < 0.7) {
            await addPlayer(h.db, challenge.id, g.id);
            list.push(g);
          }
        }
        members.set(challenge.id, list);
      }
      // Moments shared on purpose, so tiebreakers meet equal times.
      const moments = ["2026-01-01T10:00:00Z", "2026-01-01T10:00:00Z", "2026-01-02T08:00:00Z", "2026-01-03T09:30:00Z"];
      let deletedGolfer = false;

      for (let step = 0; step < 70; step++) {
        const challengeId = rnd.pick(challengeIds);
        const list = members.get(challengeId) ?? [];
        const golfer = rnd.pick(list);
        const roll = rnd.next();
        if (roll < 0.45) {
          // A round of 1-4 holes among the first 6 (so holes collide: refusals and upgrades), now
          // and then all 18 (so firstToComplete has someone to rank).
          const full = rnd.next() < 0.06;
          const holes = full
            ? Array.from({ length: 18 }, (_, i) => ({ holeNumber: i + 1, score: rnd.pick([2, 3, 3]) }))
            : [...new Set(Array.from({ length: rnd.int(1, 4) }, () => rnd.int(1, 6)))].map((holeNumber) => ({
                holeNumber,
                score: rnd.pick([1, 2, 3, 3, 3]),
              }));
          await tolerate(
            recordRound(h.as(golfer), {
              challengeId,
              date: today(),
              holes,
              verifiedBy: partner,
              clientRoundId: undefined,
            }),
          );
        } else if (roll < 0.6) {
          const [own] = await rows<{ id: number }>(
            h.db,
            sql`select id from birdie_records where challenge_id = ${challengeId} and user_id = ${golfer.id}
                order by random() limit 1`,
          );
          if (own) await tolerate(deleteBirdie(h.as(golfer), { id: own.id }));
        } else if (roll < 0.72) {
          // Move one record to a shared moment (ties on threshold, completion and last record).
          await h.db.execute(
            sql`update birdie_records set created_at = ${rnd.pick(moments)}
                where id = (select id from birdie_records where challenge_id = ${challengeId} order by random() limit 1)`,
          );
        } else if (roll < 0.78) {
          const creator = creators.get(challengeId) as UserRow;
          if (golfer.id !== creator.id) {
            await removePlayer(h.as(creator), { id: challengeId, userId: golfer.id });
            members.set(
              challengeId,
              list.filter((g) => g.id !== golfer.id),
            );
          }
        } else if (roll < 0.84) {
          const outsider = rnd.pick(golfers.filter((g) => !list.includes(g)));
          if (outsider && (await addPlayer(h.db, challengeId, outsider.id))) list.push(outsider);
        } else if (roll < 0.88) {
          // Disabled golfers stay on the boards with their points, as before.
          await h.db.execute(sql`update users set disabled = true where id = ${golfer.id}`);
        } else if (roll < 0.92) {
          const tiebreaker = rnd.pick(["mostBirdies", "firstToThreshold", "firstToComplete"]);
          await h.db.execute(
            sql`update challenges set tiebreaker = ${tiebreaker}, tiebreaker_threshold = ${rnd.int(1, 6)},
                                      eagle_bonus = ${rnd.next() < 0.5} where id = ${challengeId}`,
          );
        } else if (roll < 0.96) {
          await compactPeriodPoints(h.db);
        } else if (!deletedGolfer) {
          // A deleted account takes its records and memberships with it (cascade).
          const victim = golfers[golfers.length - 1];
          deletedGolfer = true;
          await h.db.execute(sql`delete from users where id = ${victim.id}`);
          for (const [id, l] of members) {
            members.set(
              id,
              l.filter((g) => g.id !== victim.id),
            );
          }
          golfers.pop();
        }
        if (step % 10 === 9) {
          await checkBoards(challengeIds, creators, seed);
          await checkRanksBeforeAndAfter(challengeIds, seed, rnd);
          await checkStandingRows(seed);
          await checkHistogram(seed);
        }
      }
      await checkBoards(challengeIds, creators, seed);
      await checkRanksBeforeAndAfter(challengeIds, seed, rnd);
      await checkMyChallenges(golfers, seed);
      await checkStandingRows(seed);
      await checkHistogram(seed);
      await compactPeriodPoints(h.db);
      await checkHistogram(seed);
      // Folding left one row per (period, points) that anyone holds.
      const [dupes] = await rows<{ n: number }>(
        h.db,
        sql`select count(*)::int as n from (select 1 from period_points group by period, points having count(*) > 1) d`,
      );
      expect(dupes.n).toBe(0);
      // A deleted challenge leaves no standings behind.
      const gone = challengeIds[0];
      await h.db.execute(sql`delete from challenges where id = ${gone}`);
      const [left] = await rows<{ n: number }>(
        h.db,
        sql`select count(*)::int as n from challenge_standings where challenge_id = ${gone}`,
      );
      expect(left.n).toBe(0);
      await checkStandingRows(seed);
      await checkHistogram(seed);
    }, 300_000);
  }
});

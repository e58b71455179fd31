import { type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import { periodKey } from "../../../shared/domain/periods";
import type { HoleCount } from "../../../shared/domain/scoring";
import {
  type challengeLeaderboardSchema,
  type GlobalEntry,
  type GlobalLeaderboard,
  type LeaderboardEntry,
  MY_CHALLENGES_PAGE,
  type MyChallengeLeaderboardItem,
  type myChallengesPageSchema,
  type periodSchema,
} from "../../../shared/schemas/leaderboards";
import { now, type SignedInContext } from "../../context";
import type { Db } from "../../db/client";
import { rows } from "../../db/raw";
import { readAsMember } from "../challenges/access";
import { idList, type RankedRow, rankChallenges } from "./queries";

export const GLOBAL_TOP = 100;
const MY_CHALLENGES_TOP = 3;

async function holeCountsOf(
  db: Db,
  challengeIds: readonly number[],
  userFilter?: SQL,
): Promise<Map<string, Record<string, HoleCount>>> {
  const out = new Map<string, Record<string, HoleCount>>();
  if (!challengeIds.length) return out;
  const list = await rows<{
    challenge_id: number;
    user_id: number;
    hole_number: number;
    birdies: number;
    eagles: number;
  }>(
    db,
    sql`select challenge_id, user_id, hole_number,
               (count(*) filter (where not is_eagle(score)))::int as birdies,
               (count(*) filter (where is_eagle(score)))::int as eagles
        from birdie_records
        where challenge_id in (${idList(challengeIds)}) and counted ${userFilter ?? sql``}
        group by challenge_id, user_id, hole_number`,
  );
  for (const r of list) {
    const key = `${r.challenge_id}:${r.user_id}`;
    const map = out.get(key) ?? {};
    map[String(r.hole_number)] = { birdies: r.birdies, eagles: r.eagles };
    out.set(key, map);
  }
  return out;
}

function toEntry(r: RankedRow, holeCounts: Record<string, HoleCount>): LeaderboardEntry {
  return {
    rank: r.rank,
    user: {
      id: r.user_id,
      username: r.username,
      displayName: r.display_name,
      profilePicture: r.profile_picture,
      handicap: r.handicap === null ? null : Number(r.handicap),
    },
    birdiedHoles: r.holes,
    points: r.points,
    birdies: r.birdies,
    eagles: r.eagles,
    holeCounts,
  };
}

/** GET /api/challenges/{id}/leaderboard: every player, ranked (members only). */
export async function challengeLeaderboard(
  ctx: SignedInContext,
  input: z.output<typeof challengeLeaderboardSchema>,
): Promise<LeaderboardEntry[]> {
  const { db } = ctx;
  const { challengeId } = input;
  const [ranked, counts] = await readAsMember(db, challengeId, ctx.user.id, () =>
    Promise.all([rankChallenges(db, [challengeId]), holeCountsOf(db, [challengeId])]),
  );
  return ranked.map((r) => toEntry(r, counts.get(`${r.challenge_id}:${r.user_id}`) ?? {}));
}

/** GET /api/users/{id}/challenges/leaderboard: my rank of totalPlayers in each of my challenges. */
export async function myChallengesLeaderboard(
  ctx: SignedInContext,
  input: z.output<typeof myChallengesPageSchema>,
): Promise<MyChallengeLeaderboardItem[]> {
  const { db } = ctx;
  const userId = ctx.user.id;
  const { offset } = input;
  const mine = await rows<{ id: number; name: string }>(
    db,
    sql`select c.id, c.name from challenge_players p join challenges c on c.id = p.challenge_id
        where p.user_id = ${userId} order by c.end_date desc, c.id desc
        limit ${MY_CHALLENGES_PAGE} offset ${offset}`,
  );
  if (!mine.length) return [];
  const ids = mine.map((c) => c.id);
  const ranked = await rankChallenges(db, ids);
  // Hole counts only for the players shown (the top of each board), not every member.
  const shown = new Map<number, RankedRow[]>();
  for (const r of ranked) {
    const list = shown.get(r.challenge_id) ?? [];
    if (list.length < MY_CHALLENGES_TOP) list.push(r);
    shown.set(r.challenge_id, list);
  }
  const pairs = [...shown.values()].flat().map((r) => sql`(${r.challenge_id}, ${r.user_id})`);
  const counts = pairs.length
    ? await holeCountsOf(db, ids, sql`and (challenge_id, user_id) in (${sql.join(pairs, sql`, `)})`)
    : new Map();
  return mine.map((c) => {
    const players = ranked.filter((r) => r.challenge_id === c.id);
    const me = players.find((r) => r.user_id === userId);
    return {
      challengeId: c.id,
      challengeName: c.name,
      userRank: me?.rank ?? players.length,
      totalPlayers: players[0]?.total_players ?? 0,
      leaderboard: players
        .slice(0, MY_CHALLENGES_TOP)
        .map((r) => toEntry(r, counts.get(`${r.challenge_id}:${r.user_id}`) ?? {})),
    };
  });
}

type GlobalRow = {
  user_id: number;
  username: string;
  display_name: string;
  profile_picture: string | null;
  handicap: string | null;
  points: number;
  birdies: number;
  eagles: number;
  rank: number;
};

const toGlobal = (r: GlobalRow): GlobalEntry => ({
  rank: r.rank,
  user: {
    id: r.user_id,
    username: r.username,
    displayName: r.display_name,
    profilePicture: r.profile_picture,
    handicap: r.handicap === null ? null : Number(r.handicap),
  },
  points: r.points,
  birdies: r.birdies,
  eagles: r.eagles,
});

/**
 * GET /api/leaderboard/global: the top 100 of a period from the maintained per-user period totals
 * (never the records table), plus the caller's own row when they rank beyond 100th.
 */
export async function globalLeaderboard(
  ctx: SignedInContext,
  input: z.output<typeof periodSchema>,
): Promise<GlobalLeaderboard> {
  const { db } = ctx;
  const viewerId = ctx.user.id;
  const { period } = input;
  const key = periodKey(period, now(ctx));
  const top = await rows<GlobalRow>(
    db,
    sql`select t.*, (rank() over (order by t.points desc))::int as rank
        from (
          select s.user_id, u.username, u.display_name, u.profile_picture, u.handicap::text as handicap, s.points, s.birdies, s.eagles
          from user_period_stats s join users u on u.id = s.user_id
          where s.period = ${key} and s.points > 0
          order by s.points desc, s.user_id
          limit ${GLOBAL_TOP}
        ) t
        order by rank, t.user_id`,
  );
  let me: GlobalEntry | null = null;
  if (!top.some((r) => r.user_id === viewerId)) {
    const [own] = await rows<GlobalRow>(
      db,
      sql`select s.user_id, u.username, u.display_name, u.profile_picture, u.handicap::text as handicap, s.points, s.birdies, s.eagles,
                 (1 + (select count(*) from user_period_stats o where o.period = s.period and o.points > s.points))::int as rank
          from user_period_stats s join users u on u.id = s.user_id
          where s.period = ${key} and s.user_id = ${viewerId} and s.points > 0`,
    );
    if (own) me = toGlobal(own);
  }
  return { period, entries: top.map(toGlobal), me };
}

import { sql } from "drizzle-orm";
import type { z } from "zod";
import { periodKey } from "../../../shared/domain/periods";
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
import { readDeps, readThrough } from "../../lib/read-cache";
import { boardUser, challengeBoardTop, rankChallenges, toEntry } from "./queries";

export { rankChallengesQuery } from "./queries";

export const GLOBAL_TOP = 100;
const MY_CHALLENGES_TOP = 3;

/**
 * Per player, the records waiting for a partner's confirmation that do not count yet (under
 * requireConfirmation): the board shows them as pending (docs/product/rules.md#verification).
 */
async function pendingByPlayer(db: Db, challengeId: number): Promise<Map<number, number>> {
  const found = await rows<{ user_id: number; n: number }>(
    db,
    sql`select user_id, count(*)::int as n from birdie_records
        where challenge_id = ${challengeId} and verification_status = 'pending' and not counted
        group by user_id`,
  );
  return new Map(found.map((r) => [r.user_id, r.n]));
}

/** Every player of a challenge, ranked, with their pending records (no access check). */
async function readBoard(db: Db, challengeId: number): Promise<LeaderboardEntry[]> {
  const [ranked, waiting] = await Promise.all([rankChallenges(db, [challengeId]), pendingByPlayer(db, challengeId)]);
  return ranked.map((r) => {
    const entry = toEntry(r);
    const pending = waiting.get(r.user_id);
    return pending ? { ...entry, pendingRecords: pending } : entry;
  });
}

/** What a board is made of: its records, its challenge (rules, players) and how its players are shown. */
const boardDeps = (challengeId: number) => (entries: readonly LeaderboardEntry[]) => [
  readDeps.records(challengeId),
  readDeps.challenge(challengeId),
  ...entries.map((e) => readDeps.name(e.user.id)),
];

/** GET /api/challenges/{id}/leaderboard: every player, ranked (members only; through the read cache, ADR 0056). */
export async function challengeLeaderboard(
  ctx: SignedInContext,
  input: z.output<typeof challengeLeaderboardSchema>,
): Promise<LeaderboardEntry[]> {
  const { challengeId } = input;
  return readAsMember(ctx, challengeId, () =>
    readThrough(ctx, `board:${challengeId}`, () => readBoard(ctx.db, challengeId), boardDeps(challengeId)),
  );
}

/**
 * The top of a board through the read cache, for a caller that has already proven the golfer a
 * member (the dashboard finds the challenge in the golfer's own list).
 */
export function boardTopOfMember(ctx: SignedInContext, challengeId: number): Promise<LeaderboardEntry[]> {
  return readThrough(
    ctx,
    `board-top:${challengeId}`,
    () => challengeBoardTop(ctx.db, challengeId),
    boardDeps(challengeId),
  );
}

/** leaderboards.challengeTop: the top of a board, as the dashboard widget shows it (members only). */
export async function challengeLeaderboardTop(
  ctx: SignedInContext,
  input: z.output<typeof challengeLeaderboardSchema>,
): Promise<LeaderboardEntry[]> {
  const { challengeId } = input;
  return readAsMember(ctx, challengeId, () => boardTopOfMember(ctx, challengeId));
}

/** A page of the golfer's challenges, latest end first: O(the golfer's challenges), by user index. */
export const myChallengesPageQuery = (userId: number, offset: number) =>
  sql`select c.id, c.name from challenge_players p
      cross join lateral (select id, name, end_date from challenges where id = p.challenge_id limit 1) c
      where p.user_id = ${userId} order by c.end_date desc, c.id desc
      limit ${MY_CHALLENGES_PAGE} offset ${offset}`;

/** GET /api/users/{id}/challenges/leaderboard: my rank of totalPlayers in each of my challenges. */
export async function myChallengesLeaderboard(
  ctx: SignedInContext,
  input: z.output<typeof myChallengesPageSchema>,
): Promise<MyChallengeLeaderboardItem[]> {
  const { db } = ctx;
  const userId = ctx.user.id;
  const { offset } = input;
  const mine = await rows<{ id: number; name: string }>(db, myChallengesPageQuery(userId, offset));
  if (!mine.length) return [];
  // Hole counts only for the players shown (the top of each board), not every member.
  const ranked = await rankChallenges(
    db,
    mine.map((c) => c.id),
    { countsUpTo: MY_CHALLENGES_TOP },
  );
  return mine.map((c) => {
    const players = ranked.filter((r) => r.challenge_id === c.id);
    const me = players.find((r) => r.user_id === userId);
    return {
      challengeId: c.id,
      challengeName: c.name,
      userRank: me?.rank ?? players.length,
      totalPlayers: players[0]?.total_players ?? 0,
      leaderboard: players.slice(0, MY_CHALLENGES_TOP).map(toEntry),
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
  user: boardUser(r),
  points: r.points,
  birdies: r.birdies,
  eagles: r.eagles,
});

/** The top of a period's board (exported with the next one for the bench's EXPLAIN). */
export const globalTopQuery = (key: string) =>
  sql`select t.*, (rank() over (order by t.points desc))::int as rank
      from (
        select s.user_id, u.username, u.display_name, u.profile_picture, u.handicap::text as handicap, s.points, s.birdies, s.eagles
        from user_period_stats s join users u on u.id = s.user_id
        where s.period = ${key} and s.points > 0
        order by s.points desc, s.user_id
        limit ${GLOBAL_TOP}
      ) t
      order by rank, t.user_id`;

/** One golfer's row and rank: 1 + the golfers above, summed from the points histogram. */
export const ownGlobalRankQuery = (key: string, userId: number) =>
  sql`select s.user_id, u.username, u.display_name, u.profile_picture, u.handicap::text as handicap, s.points, s.birdies, s.eagles,
             (1 + coalesce((select sum(h.golfers) from period_points h
                            where h.period = s.period and h.points > s.points), 0))::int as rank
      from user_period_stats s join users u on u.id = s.user_id
      where s.period = ${key} and s.user_id = ${userId} and s.points > 0`;

/**
 * GET /api/leaderboard/global: the top 100 of a period from the maintained per-user period totals
 * (never the records table), plus the caller's own row when they rank beyond 100th. That row's
 * rank is 1 + the golfers with more points, summed from the period's points histogram
 * (period_points, kept by trigger; ADR 0036): O(distinct totals above), not O(golfers above).
 */
export async function globalLeaderboard(
  ctx: SignedInContext,
  input: z.output<typeof periodSchema>,
): Promise<GlobalLeaderboard> {
  const { db } = ctx;
  const viewerId = ctx.user.id;
  const { period } = input;
  const key = periodKey(period, now(ctx));
  const top = await rows<GlobalRow>(db, globalTopQuery(key));
  let me: GlobalEntry | null = null;
  if (!top.some((r) => r.user_id === viewerId)) {
    const [own] = await rows<GlobalRow>(db, ownGlobalRankQuery(key, viewerId));
    if (own) me = toGlobal(own);
  }
  return { period, entries: top.map(toGlobal), me };
}

import { type SQL, sql } from "drizzle-orm";
import type { HoleCount } from "../../../shared/domain/scoring";
import { BOARD_TOP_PLAYERS, type LeaderboardEntry } from "../../../shared/schemas/leaderboards";
import type { Db } from "../../db/client";
import { rows, statement } from "../../db/raw";

// The one ranking of a challenge's players (docs/product/rules.md#challenge-boards): the boards
// (service.ts) and other features (notifications: standings, winners, who was overtaken) read it
// without any access check: callers decide who may see it (ADR 0022).

export type RankedRow = {
  challenge_id: number;
  user_id: number;
  username: string;
  display_name: string;
  profile_picture: string | null;
  handicap: string | number | null;
  points: number;
  holes: number;
  birdies: number;
  eagles: number;
  /** Null for players beyond `countsUpTo` on their board (their hole counts are not shown). */
  hole_counts: Record<string, HoleCount> | null;
  rank: number;
  total_players: number;
};

/**
 * The board order (docs/product/rules.md#challenge-boards) over members `p`, their challenge `c` and
 * a trigger-kept standing (drizzle/0016) under the alias `standing`; rank() and the listing order
 * of the boards and of the frozen results share it.
 */
export const boardOrderOver = (standing: "s" | "b") =>
  sql.raw(`
  coalesce(${standing}.points, 0) desc,
  case when c.tiebreaker = 'mostBirdies'
       then coalesce(${standing}.birdies, 0) + coalesce(${standing}.eagles, 0) * (case when c.eagle_bonus then 2 else 1 end) end desc nulls last,
  case when c.tiebreaker = 'firstToThreshold' then ${standing}.hole_moments[c.tiebreaker_threshold]
       when c.tiebreaker = 'firstToComplete' then ${standing}.hole_moments[18] end asc nulls last,
  ${standing}.last_at asc nulls last`);

/** The board order over the standings `s` (boardOrderOver). */
export const BOARD_ORDER = boardOrderOver("s");

export const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * One player's standing as it was at some moment (a challenge_standings row as JSON, or null for
 * "no counting record yet"): the round notification ranks the board as it was before the round
 * with it (ranksBeforeAndAfter; features/birdies/recording.ts captures it under the membership lock).
 */
export type StandingAsOf = { userId: number; standing: Record<string, unknown> | null };

/**
 * Ranks every player of the given challenges in one statement: points, then the challenge's
 * tiebreaker, then the earliest last record; competition ranks (1, 2, 2, 4) from rank().
 * It reads the members and their trigger-kept standings (drizzle/0016, ADR 0036), one row per
 * player, never the records: the cost follows the players on the boards, not the records behind
 * them. A player reached n holes at hole_moments[n]; which records count is record_counts() in
 * SQL (docs/product/rules.md#scoring). Hole counts travel only for the first `countsUpTo` players
 * of each board. The lateral look-ups (LIMIT 1 keeps the planner from flattening them into hash
 * joins over whole tables) make each member one primary-key probe of challenges, users and the
 * standings, whatever the tables' sizes (EXPLAIN in bench:leaderboards).
 */
export const rankChallengesQuery = (
  challengeIds: readonly number[],
  countsUpTo: number,
  limit = Number.MAX_SAFE_INTEGER,
) =>
  rankingSql({
    challenges: sql`in (${idList(challengeIds)})`,
    countsUpTo: sql`${countsUpTo}`,
    limit: sql`${limit}`,
  });

/** A member `p`'s challenge `c` (the tiebreak settings the board order reads), one primary-key probe. */
const CHALLENGE_OF_MEMBER = sql`cross join lateral (select tiebreaker, tiebreaker_threshold, eagle_bonus from challenges
                          where id = p.challenge_id limit 1) c`;

/** A member `p`'s trigger-kept standing `s` (none before their first counting record). */
const STANDING_OF_MEMBER = sql`left join lateral (select * from challenge_standings
                         where challenge_id = p.challenge_id and user_id = p.user_id limit 1) s on true`;

/** The ranking's text around its inputs: values for one run, or placeholders for a statement built once. */
function rankingSql(p: { challenges: SQL; countsUpTo: SQL; limit: SQL }) {
  return sql`
    with ranked as (
      select p.challenge_id, p.user_id, u.username, u.display_name, u.profile_picture, u.handicap::text as handicap,
             coalesce(s.points, 0) as points, coalesce(s.holes, 0) as holes,
             coalesce(s.birdies, 0) as birdies, coalesce(s.eagles, 0) as eagles,
             coalesce(s.hole_counts, '{}'::jsonb) as hole_counts,
             (rank() over w)::int as rank,
             row_number() over named as position,
             (count(*) over (partition by p.challenge_id))::int as total_players
      from challenge_players p
      ${CHALLENGE_OF_MEMBER}
      cross join lateral (select username, display_name, profile_picture, handicap from users
                          where id = p.user_id limit 1) u
      ${STANDING_OF_MEMBER}
      where p.challenge_id ${p.challenges}
      window w as (partition by p.challenge_id order by ${BOARD_ORDER}),
             named as (partition by p.challenge_id order by ${BOARD_ORDER}, lower(u.display_name), p.user_id)
    )
    select challenge_id, user_id, username, display_name, profile_picture, handicap, points, holes, birdies, eagles,
           case when position <= ${p.countsUpTo} then hole_counts end as hole_counts, rank, total_players
    from ranked
    where position <= ${p.limit}
    order by challenge_id, position`;
}

// One challenge's ranking is the common case (its board, a challenge's reminders): built once,
// run with each call's values (issue 19; building this text cost more server CPU than PostgreSQL
// spends running it on a small challenge).
const rankOne = statement<RankedRow>(
  rankingSql({
    challenges: sql`= ${sql.placeholder("challengeId")}`,
    countsUpTo: sql`${sql.placeholder("countsUpTo")}`,
    limit: sql`${sql.placeholder("limit")}`,
  }),
);

/** The ranked players of the given challenges (every hole count unless `countsUpTo` limits them). */
export async function rankChallenges(
  db: Db,
  challengeIds: readonly number[],
  opts: { countsUpTo?: number; limit?: number } = {},
): Promise<RankedRow[]> {
  if (!challengeIds.length) return [];
  const countsUpTo = opts.countsUpTo ?? Number.MAX_SAFE_INTEGER;
  const limit = opts.limit ?? Number.MAX_SAFE_INTEGER;
  if (challengeIds.length > 1) return rows<RankedRow>(db, rankChallengesQuery(challengeIds, countsUpTo, limit));
  return rankOne(db, { challengeId: challengeIds[0], countsUpTo, limit });
}

export type RanksBeforeAndAfter = { user_id: number; rank: number; rank_before: number; total_players: number };

/**
 * Every player's rank on one challenge's board now (`s`) and with one player's standing swapped
 * for `asOf` (`b`, the board before their round), in one pass: the round notification's two
 * boards (who was overtaken) for one read of the members and standings. The ranks are
 * rankChallenges' on the board as it is and as it was with `asOf` stored (standings.test.ts).
 */
const ranksBeforeAndAfterStatement = statement<RanksBeforeAndAfter>(
  sql`select p.user_id,
             (rank() over (order by ${boardOrderOver("s")}))::int as rank,
             (rank() over (order by ${boardOrderOver("b")}))::int as rank_before,
             (count(*) over ())::int as total_players
      from challenge_players p
      ${CHALLENGE_OF_MEMBER}
      ${STANDING_OF_MEMBER}
      left join lateral ((select s.* where p.user_id <> ${sql.placeholder("asOfUserId")})
                         union all
                         (select * from jsonb_populate_record(null::challenge_standings, ${sql.placeholder("asOfStanding")}::jsonb)
                          where p.user_id = ${sql.placeholder("asOfUserId")} and ${sql.placeholder("asOfPresent")})) b on true
      where p.challenge_id = ${sql.placeholder("challengeId")}
      order by p.user_id`,
);

export function ranksBeforeAndAfter(db: Db, challengeId: number, asOf: StandingAsOf): Promise<RanksBeforeAndAfter[]> {
  return ranksBeforeAndAfterStatement(db, {
    challengeId,
    asOfUserId: asOf.userId,
    asOfStanding: JSON.stringify(asOf.standing),
    asOfPresent: asOf.standing !== null,
  });
}

export type FinalStandingRow = {
  user_id: number;
  display_name: string;
  points: number;
  birdies: number;
  eagles: number;
  holes: number;
  rank: number;
  position: number;
  /** The mostBirdies tally (an eagle counts twice with eagleBonus). */
  birdie_tally: number;
  /** When the player reached the threshold / all 18 holes (ISO), null when they did not. */
  reached_threshold: string | null;
  reached_all: string | null;
  last_at: string | null;
};

/**
 * One challenge's board exactly as its members see it (BOARD_ORDER over the standings), with the
 * keys each tiebreak compared, so the frozen results can say which one decided (ADR 0042).
 */
export async function finalStandings(db: Db, challengeId: number): Promise<FinalStandingRow[]> {
  return rows<FinalStandingRow>(
    db,
    sql`select p.user_id, u.display_name,
               coalesce(s.points, 0)::int as points, coalesce(s.birdies, 0)::int as birdies,
               coalesce(s.eagles, 0)::int as eagles, coalesce(s.holes, 0)::int as holes,
               (rank() over (order by ${BOARD_ORDER}))::int as rank,
               (row_number() over (order by ${BOARD_ORDER}, lower(u.display_name), p.user_id))::int as position,
               (coalesce(s.birdies, 0) + coalesce(s.eagles, 0) * (case when c.eagle_bonus then 2 else 1 end))::int as birdie_tally,
               to_char(s.hole_moments[c.tiebreaker_threshold] at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as reached_threshold,
               to_char(s.hole_moments[18] at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as reached_all,
               to_char(s.last_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as last_at
        from challenge_players p
        join challenges c on c.id = p.challenge_id
        join users u on u.id = p.user_id
        left join challenge_standings s on s.challenge_id = p.challenge_id and s.user_id = p.user_id
        where p.challenge_id = ${challengeId}
        order by position`,
  );
}

/** One player's standing in one challenge now, as ranksBeforeAndAfter's `asOf` takes it (null: none yet). */
const standingRow = statement<{ s: Record<string, unknown> }>(
  sql`select to_jsonb(s) as s from challenge_standings s
      where challenge_id = ${sql.placeholder("challengeId")} and user_id = ${sql.placeholder("userId")}`,
);

export async function standingOf(db: Db, challengeId: number, userId: number): Promise<Record<string, unknown> | null> {
  const [row] = await standingRow(db, { challengeId, userId });
  return row?.s ?? null;
}

type UserColumns = Pick<RankedRow, "user_id" | "username" | "display_name" | "profile_picture" | "handicap">;

/** A board row's golfer as every board shows them (challenge and global boards). */
export function boardUser(r: UserColumns): LeaderboardEntry["user"] {
  return {
    id: r.user_id,
    username: r.username,
    displayName: r.display_name,
    profilePicture: r.profile_picture,
    handicap: r.handicap === null ? null : Number(r.handicap),
  };
}

/** A ranked row as the boards show it. */
export function toEntry(r: RankedRow): LeaderboardEntry {
  return {
    rank: r.rank,
    user: boardUser(r),
    birdiedHoles: r.holes,
    points: r.points,
    birdies: r.birdies,
    eagles: r.eagles,
    holeCounts: r.hole_counts ?? {},
  };
}

/**
 * The top of one challenge's board without hole counts (the dashboard widget), with no access
 * check: the caller knows the viewer is a member. Ranks still count every player.
 */
export async function challengeBoardTop(db: Db, challengeId: number): Promise<LeaderboardEntry[]> {
  return (await rankChallenges(db, [challengeId], { countsUpTo: 0, limit: BOARD_TOP_PLAYERS })).map(toEntry);
}

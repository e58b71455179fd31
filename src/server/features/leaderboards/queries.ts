import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { rows } from "../../db/raw";

// The ranking other features need (notifications: standings, winners, who was overtaken), without
// any access check: callers decide who may see it (ADR 0022).

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
  rank: number;
  total_players: number;
};

/**
 * The board order (docs/product/rules.md#challenge-boards) over members `p`, their challenge `c` and
 * their trigger-kept standing `s` (drizzle/0016); rank() and the listing order of the boards and
 * of the frozen results share it.
 */
export const BOARD_ORDER = sql`
  coalesce(s.points, 0) desc,
  case when c.tiebreaker = 'mostBirdies'
       then coalesce(s.birdies, 0) + coalesce(s.eagles, 0) * (case when c.eagle_bonus then 2 else 1 end) end desc nulls last,
  case when c.tiebreaker = 'firstToThreshold' then s.hole_moments[c.tiebreaker_threshold]
       when c.tiebreaker = 'firstToComplete' then s.hole_moments[18] end asc nulls last,
  s.last_at asc nulls last`;

export const idList = (ids: readonly number[]) =>
  sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );

/**
 * Ranks every player of the given challenges in one statement: points, then the challenge's
 * tiebreaker, then the earliest last record; competition ranks (1, 2, 2, 4) from rank().
 * Points and types come from the SQL scoring functions (drizzle/0011, docs/product/rules.md#scoring).
 */
export async function rankChallenges(
  db: Db,
  challengeIds: readonly number[],
  opts: { withoutRecords?: readonly number[] } = {},
): Promise<RankedRow[]> {
  if (!challengeIds.length) return [];
  const ids = idList(challengeIds);
  // The board as it was before these records (notifications: who a new round overtook).
  const without = opts.withoutRecords?.length ? sql`and r.id not in (${idList(opts.withoutRecords)})` : sql``;
  return rows<RankedRow>(
    db,
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
      where r.challenge_id in (${ids}) and r.counted ${without}
      group by r.challenge_id, r.user_id
    ),
    hole_first as (
      select challenge_id, user_id, hole_number, min(created_at) as t,
             row_number() over (partition by challenge_id, user_id order by min(created_at)) as n
      from birdie_records r
      where r.challenge_id in (${ids}) ${without}
      group by challenge_id, user_id, hole_number
    ),
    reach as (
      select h.challenge_id, h.user_id,
             max(h.t) filter (where h.n = m.tiebreaker_threshold) as reached_threshold,
             max(h.t) filter (where h.n = 18) as reached_all
      from hole_first h join members m on m.challenge_id = h.challenge_id and m.user_id = h.user_id
      group by h.challenge_id, h.user_id
    )
    select m.challenge_id, m.user_id, u.username, u.display_name, u.profile_picture, u.handicap::text as handicap,
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

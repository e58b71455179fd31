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

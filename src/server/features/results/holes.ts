import { sql } from "drizzle-orm";
import { HOLES_PER_CHALLENGE } from "../../../shared/domain/challenge-progress";
import type { HoleLegend } from "../../../shared/schemas/results";
import type { SignedInContext } from "../../context";
import type { ChallengeId } from "./challenge-id";
import { rows } from "../../db/raw";
import { readAsMember } from "../challenges/access";

type Row = {
  holeNumber: number;
  firstUserId: number | null;
  firstName: string | null;
  firstDate: string | null;
  birdies: number;
  eagles: number;
};

/**
 * Hole legends (docs/product/rules.md#hole-legends): per hole of the challenge, who birdied it
 * first and how many counted birdies and eagles it has. "First" reads every record whose
 * verification status may count (docs/product/rules.md#verification: not disputed or voided, and
 * only confirmed ones under requireConfirmation), superseded birdies included (a birdie later
 * upgraded to an eagle was still the first birdie); the counts read counted records only, like
 * the boards. Members only, like every challenge read.
 */
export async function holeLegends(ctx: SignedInContext, { id }: ChallengeId): Promise<HoleLegend[]> {
  const found = await readAsMember(ctx, id, () =>
    rows<Row>(
      ctx.db,
      sql`select h.hole::int as "holeNumber",
                 f.user_id as "firstUserId", u.display_name as "firstName", f.date_played::text as "firstDate",
                 coalesce(c.birdies, 0)::int as birdies, coalesce(c.eagles, 0)::int as eagles
            from generate_series(1, ${HOLES_PER_CHALLENGE}::int) as h(hole)
            left join lateral (
              select r.user_id, r.date_played from birdie_records r
               where r.challenge_id = ${id} and r.hole_number = h.hole
                 and verification_counts(r.verification_status,
                       (select require_confirmation from challenges where id = ${id}))
               order by r.date_played, r.created_at, r.id
               limit 1) f on true
            left join users u on u.id = f.user_id
            left join lateral (
              select count(*) filter (where not is_eagle(r.score)) as birdies,
                     count(*) filter (where is_eagle(r.score)) as eagles
                from birdie_records r
               where r.challenge_id = ${id} and r.hole_number = h.hole and r.counted) c on true
           order by h.hole`,
    ),
  );
  return found.map((r) => ({
    holeNumber: r.holeNumber,
    firstBy:
      r.firstUserId === null
        ? null
        : { userId: r.firstUserId, displayName: r.firstName ?? "", date: r.firstDate ?? "" },
    birdies: r.birdies,
    eagles: r.eagles,
  }));
}

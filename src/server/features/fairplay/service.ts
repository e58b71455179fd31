import { sql } from "drizzle-orm";
import type { z } from "zod";
import { FLAG_RULE_TITLES, type FlagRule } from "../../../shared/domain/fairplay";
import type { challengeIdSchema } from "../../../shared/schemas/challenges";
import type { ChallengeFlag } from "../../../shared/schemas/fairplay";
import type { SignedInContext } from "../../context";
import { rows } from "../../db/raw";
import { forbidden } from "../../lib/errors";
import { requireMember } from "../challenges/access";

export const ONLY_CREATOR_SEES_FLAGS = "Only the creator sees fair-play flags";

/**
 * The open flags on a challenge's records, for its creator only (docs/product/rules.md#fair-play-flags):
 * members who are not the creator get 403, non-members 404. Reads the flags of the challenge's
 * golfers (a handful of rows by the user index) and keeps those about this challenge's records.
 */
export async function challengeFlags(
  ctx: SignedInContext,
  { id }: z.output<typeof challengeIdSchema>,
): Promise<ChallengeFlag[]> {
  const challenge = await requireMember(ctx.db, id, ctx.user.id);
  if (challenge.creatorId !== ctx.user.id) throw forbidden(ONLY_CREATOR_SEES_FLAGS);
  const found = await rows<{ id: number; rule: FlagRule; explanation: string; user_id: number; record_ids: number[] }>(
    ctx.db,
    sql`select f.id, f.rule, f.explanation, f.user_id,
               array(select r.id from birdie_records r
                      where r.id = any(f.record_ids) and r.challenge_id = ${id} order by r.id) as record_ids
          from fairplay_flags f
         where f.status = 'open'
           and (f.user_id in (select user_id from challenge_players where challenge_id = ${id})
                or f.other_user_id in (select user_id from challenge_players where challenge_id = ${id}))
         order by f.created_at, f.id`,
  );
  return found
    .filter((f) => f.record_ids.length > 0)
    .map((f) => ({
      id: f.id,
      rule: f.rule,
      title: FLAG_RULE_TITLES[f.rule],
      explanation: f.explanation,
      userId: f.user_id,
      recordIds: f.record_ids.map(Number),
    }));
}

import type { ChallengeResults } from "../../../shared/schemas/results";
import { RESULTS_NOT_YET } from "../../../shared/schemas/results";
import { now, type SignedInContext } from "../../context";
import { conflict } from "../../lib/errors";
import { requireMember } from "../challenges/access";
import type { ChallengeId } from "./challenge-id";
import { freezeResults, frozenResults } from "./freeze";

/**
 * GET /api/challenges/{id}/results (docs/product/api.md#get-apichallengesidresults): the frozen
 * final results, for members (404 for anyone else); 409 before the end. The first read after the
 * end freezes them when the scheduled job has not yet (the same idempotent freeze).
 */
export async function challengeResultsOf(ctx: SignedInContext, { id }: ChallengeId): Promise<ChallengeResults> {
  const challenge = await requireMember(ctx.db, id, ctx.user.id);
  const at = now(ctx);
  if (challenge.endDate.getTime() >= at.getTime()) throw conflict(RESULTS_NOT_YET);
  const frozen = await frozenResults(ctx.db, id);
  if (frozen && frozen.endedAt === challenge.endDate.toISOString()) return frozen;
  await freezeResults(ctx.db, challenge, at);
  const written = await frozenResults(ctx.db, id);
  if (!written) throw new Error(`results of challenge ${id} were not frozen`);
  return written;
}

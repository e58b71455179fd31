import { currentChallenge } from "../../../shared/domain/challenge-timing";
import type { Dashboard } from "../../../shared/schemas/dashboard";
import { now, type SignedInContext } from "../../context";
import { listUserAchievements } from "../achievements/public";
import { listUserChallenges } from "../challenges/public";
import { boardTopOfMember } from "../leaderboards/public";

/**
 * GET /api/dashboard: the dashboard's data in one request instead of four (issue 19). The golfer's
 * challenges are read once, and that list is the membership proof for the current challenge's
 * board: no second membership read. The board and the achievements go out together (on
 * PostgreSQL one round trip, the connection pipelines them). All three read through the read
 * cache, so GET /api/dashboard can be memoised (ADR 0063).
 */
export async function dashboard(ctx: SignedInContext): Promise<Dashboard> {
  const challenges = await listUserChallenges(ctx);
  const current = currentChallenge(challenges, now(ctx));
  const [leaderboard, achievements] = await Promise.all([
    current ? boardTopOfMember(ctx, current.id) : Promise.resolve([]),
    listUserAchievements(ctx, { userId: ctx.user.id }),
  ]);
  return { challenges, currentChallengeId: current?.id ?? null, leaderboard, achievements };
}

import { z } from "zod";
import { positiveIdSchema } from "../../../shared/schemas/courses";
import { myChallengesPageSchema, periodSchema } from "../../../shared/schemas/leaderboards";
import { protectedProcedure, router } from "../../trpc/init";
import { challengeLeaderboard, globalLeaderboard, myChallengesLeaderboard } from "./service";

export const leaderboardsRouter = router({
  challenge: protectedProcedure
    .input(z.object({ challengeId: positiveIdSchema("challenge") }))
    .query(({ ctx, input }) => challengeLeaderboard(ctx.db, ctx.user.id, input.challengeId)),
  myChallenges: protectedProcedure
    .input(myChallengesPageSchema.optional())
    .query(({ ctx, input }) => myChallengesLeaderboard(ctx.db, ctx.user.id, input ?? {})),
  global: protectedProcedure
    .input(periodSchema)
    .query(({ ctx, input }) => globalLeaderboard(ctx.db, ctx.user.id, input)),
});

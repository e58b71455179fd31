import { challengeLeaderboardSchema, myChallengesPageSchema, periodSchema } from "../../../shared/schemas/leaderboards";
import { protectedProcedure, router } from "../../trpc/init";
import { challengeLeaderboard, challengeLeaderboardTop, globalLeaderboard, myChallengesLeaderboard } from "./service";

export const leaderboardsRouter = router({
  challenge: protectedProcedure
    .input(challengeLeaderboardSchema)
    .query(({ ctx, input }) => challengeLeaderboard(ctx, input)),
  /** The dashboard widget's top of the board (no hole counts). */
  challengeTop: protectedProcedure
    .input(challengeLeaderboardSchema)
    .query(({ ctx, input }) => challengeLeaderboardTop(ctx, input)),
  // Left out, the input is the first page.
  myChallenges: protectedProcedure
    .input(myChallengesPageSchema.prefault({}))
    .query(({ ctx, input }) => myChallengesLeaderboard(ctx, input)),
  global: protectedProcedure.input(periodSchema).query(({ ctx, input }) => globalLeaderboard(ctx, input)),
});

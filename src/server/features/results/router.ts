import { challengeIdSchema } from "../../../shared/schemas/challenges";
import { protectedProcedure, router } from "../../trpc/init";
import { challengeResultsOf } from "./final";
import { holeLegends } from "./holes";

export const resultsRouter = router({
  /** Hole legends of a challenge (GET /api/challenges/{id}/holes). */
  holes: protectedProcedure.input(challengeIdSchema).query(({ ctx, input }) => holeLegends(ctx, input)),
  /** The frozen final results (GET /api/challenges/{id}/results). */
  final: protectedProcedure.input(challengeIdSchema).query(({ ctx, input }) => challengeResultsOf(ctx, input)),
});

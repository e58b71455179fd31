import { challengeIdSchema } from "../../../shared/schemas/challenges";
import { protectedProcedure, router } from "../../trpc/init";
import { challengeFlags } from "./service";

export const fairplayRouter = router({
  /** The open flags on a challenge's records, for its creator (GET /api/challenges/{id}/flags). */
  challengeFlags: protectedProcedure.input(challengeIdSchema).query(({ ctx, input }) => challengeFlags(ctx, input)),
});

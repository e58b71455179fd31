import { supportRequestSchema } from "../../../shared/schemas/support";
import { protectedProcedure, publicProcedure, router } from "../../trpc/init";
import { createSupportRequest, mySupportRequests } from "./service";

export const supportRouter = router({
  create: publicProcedure.input(supportRequestSchema).mutation(({ ctx, input }) => createSupportRequest(ctx, input)),
  /** The signed-in golfer's own requests with the admins' replies (the /support page). */
  mine: protectedProcedure.query(({ ctx }) => mySupportRequests(ctx)),
});

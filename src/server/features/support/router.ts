import { supportRequestSchema } from "../../../shared/schemas/support";
import { publicProcedure, router } from "../../trpc/init";
import { createSupportRequest } from "./service";

export const supportRouter = router({
  create: publicProcedure.input(supportRequestSchema).mutation(({ ctx, input }) => createSupportRequest(ctx, input)),
});

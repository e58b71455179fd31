import { protectedProcedure, router } from "../../trpc/init";
import { dashboard } from "./service";

export const dashboardRouter = router({
  get: protectedProcedure.query(({ ctx }) => dashboard(ctx)),
});

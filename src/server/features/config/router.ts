import { publicProcedure, router } from "../../trpc/init";
import { clientConfig } from "./service";

export const configRouter = router({
  get: publicProcedure.query(({ ctx }) => clientConfig(ctx)),
});

import { pushSubscriptionSchema, pushUnsubscribeSchema } from "../../../shared/schemas/push";
import { protectedProcedure, publicProcedure, router } from "../../trpc/init";
import { pushPublicKey, subscribePush, unsubscribePush } from "./service";

export const pushRouter = router({
  publicKey: publicProcedure.query(({ ctx }) => pushPublicKey(ctx)),
  subscribe: protectedProcedure.input(pushSubscriptionSchema).mutation(({ ctx, input }) => subscribePush(ctx, input)),
  unsubscribe: protectedProcedure
    .input(pushUnsubscribeSchema)
    .mutation(({ ctx, input }) => unsubscribePush(ctx, input)),
});

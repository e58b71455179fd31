import { pushEndpointSchema, pushSubscriptionSchema } from "../../../shared/schemas/push";
import { protectedProcedure, publicProcedure, router } from "../../trpc/init";
import { pushPublicKey, pushSubscriptionStatus, subscribePush, unsubscribePush } from "./service";

export const pushRouter = router({
  publicKey: publicProcedure.query(({ ctx }) => pushPublicKey(ctx)),
  status: protectedProcedure.input(pushEndpointSchema).query(({ ctx, input }) => pushSubscriptionStatus(ctx, input)),
  subscribe: protectedProcedure.input(pushSubscriptionSchema).mutation(({ ctx, input }) => subscribePush(ctx, input)),
  unsubscribe: protectedProcedure.input(pushEndpointSchema).mutation(({ ctx, input }) => unsubscribePush(ctx, input)),
});

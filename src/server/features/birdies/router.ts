import {
  deleteBirdieSchema,
  listBirdiesSchema,
  playerBirdiesSchema,
  recordBirdieSchema,
  recordRoundSchema,
} from "../../../shared/schemas/birdies";
import { protectedProcedure, router } from "../../trpc/init";
import * as birdies from "./service";

export const birdiesRouter = router({
  record: protectedProcedure
    .input(recordBirdieSchema)
    .mutation(({ ctx, input }) => birdies.recordBirdie(ctx.db, ctx.user.id, input)),
  recordRound: protectedProcedure
    .input(recordRoundSchema)
    .mutation(({ ctx, input }) => birdies.recordRound(ctx.db, ctx.user.id, input)),
  list: protectedProcedure
    .input(listBirdiesSchema)
    .query(({ ctx, input }) => birdies.listOwnBirdies(ctx.db, ctx.user.id, input)),
  listForPlayer: protectedProcedure
    .input(playerBirdiesSchema)
    .query(({ ctx, input }) => birdies.listPlayerBirdies(ctx.db, ctx.user.id, input)),
  delete: protectedProcedure
    .input(deleteBirdieSchema)
    .mutation(({ ctx, input }) => birdies.deleteBirdie(ctx.db, ctx.user.id, input)),
});

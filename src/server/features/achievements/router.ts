import { z } from "zod";
import { positiveIdSchema } from "../../../shared/schemas/courses";
import { protectedProcedure, router } from "../../trpc/init";
import { listAchievements, listUserAchievements } from "./service";

export const achievementsRouter = router({
  list: protectedProcedure.query(({ ctx }) => listAchievements(ctx.db)),
  mine: protectedProcedure.query(({ ctx }) => listUserAchievements(ctx.db, ctx.user.id, ctx.user.id)),
  forUser: protectedProcedure
    .input(z.object({ userId: positiveIdSchema("user") }))
    .query(({ ctx, input }) => listUserAchievements(ctx.db, ctx.user.id, input.userId)),
});

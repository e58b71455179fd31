import { userAchievementsSchema } from "../../../shared/schemas/achievements";
import { protectedProcedure, router } from "../../trpc/init";
import { listAchievements, listUserAchievements } from "./service";

export const achievementsRouter = router({
  list: protectedProcedure.query(({ ctx }) => listAchievements(ctx)),
  mine: protectedProcedure.query(({ ctx }) => listUserAchievements(ctx, { userId: ctx.user.id })),
  forUser: protectedProcedure.input(userAchievementsSchema).query(({ ctx, input }) => listUserAchievements(ctx, input)),
});

import {
  addChallengeCourseProcedureSchema,
  challengeIdSchema,
  createChallengeSchema,
  removePlayerSchema,
  updateChallengeProcedureSchema,
} from "../../../shared/schemas/challenges";
import { z } from "zod";
import { protectedProcedure, router } from "../../trpc/init";
import * as challenges from "./service";

export const challengesRouter = router({
  /** The signed-in user's challenges (GET /api/users/{id}/challenges). */
  list: protectedProcedure.input(z.void()).query(({ ctx }) => challenges.listUserChallenges(ctx.db, ctx.user.id)),
  byId: protectedProcedure
    .input(challengeIdSchema)
    .query(({ ctx, input }) => challenges.getChallenge(ctx.db, ctx.user.id, input.id)),
  create: protectedProcedure
    .input(createChallengeSchema)
    .mutation(({ ctx, input }) => challenges.createChallenge(ctx.deps, ctx.db, ctx.user.id, input)),
  update: protectedProcedure
    .input(updateChallengeProcedureSchema)
    .mutation(({ ctx, input: { id, ...patch } }) => challenges.updateChallenge(ctx.db, ctx.user.id, id, patch)),
  delete: protectedProcedure
    .input(challengeIdSchema)
    .mutation(({ ctx, input }) => challenges.deleteChallenge(ctx.db, ctx.user.id, input.id)),
  courses: protectedProcedure
    .input(challengeIdSchema)
    .query(({ ctx, input }) => challenges.listChallengeCourses(ctx.db, ctx.user.id, input.id)),
  addCourse: protectedProcedure
    .input(addChallengeCourseProcedureSchema)
    .mutation(({ ctx, input: { id, ...course } }) => challenges.addChallengeCourse(ctx.db, ctx.user.id, id, course)),
  players: protectedProcedure
    .input(challengeIdSchema)
    .query(({ ctx, input }) => challenges.listPlayers(ctx.db, ctx.user.id, input.id)),
  removePlayer: protectedProcedure
    .input(removePlayerSchema)
    .mutation(({ ctx, input }) => challenges.removePlayer(ctx.db, ctx.user.id, input.id, input.userId)),
  regenerateInvite: protectedProcedure
    .input(challengeIdSchema)
    .mutation(({ ctx, input }) => challenges.regenerateInviteCodes(ctx.deps, ctx.db, ctx.user.id, input.id)),
});

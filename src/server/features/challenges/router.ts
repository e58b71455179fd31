import { z } from "zod";
import {
  addChallengeCourseProcedureSchema,
  challengeIdSchema,
  createChallengeSchema,
  removePlayerSchema,
  transferChallengeProcedureSchema,
  updateChallengeProcedureSchema,
} from "../../../shared/schemas/challenges";
import { protectedProcedure, router } from "../../trpc/init";
import * as commands from "./commands";
import * as views from "./views";

export const challengesRouter = router({
  /** The signed-in user's challenges (GET /api/users/{id}/challenges). */
  list: protectedProcedure.input(z.void()).query(({ ctx }) => views.listUserChallenges(ctx)),
  byId: protectedProcedure.input(challengeIdSchema).query(({ ctx, input }) => views.getChallenge(ctx, input)),
  create: protectedProcedure
    .input(createChallengeSchema)
    .mutation(({ ctx, input }) => commands.createChallenge(ctx, input)),
  update: protectedProcedure
    .input(updateChallengeProcedureSchema)
    .mutation(({ ctx, input }) => commands.updateChallenge(ctx, input)),
  delete: protectedProcedure
    .input(challengeIdSchema)
    .mutation(({ ctx, input }) => commands.deleteChallenge(ctx, input)),
  courses: protectedProcedure
    .input(challengeIdSchema)
    .query(({ ctx, input }) => views.listChallengeCourses(ctx, input)),
  addCourse: protectedProcedure
    .input(addChallengeCourseProcedureSchema)
    .mutation(({ ctx, input }) => commands.addChallengeCourse(ctx, input)),
  players: protectedProcedure.input(challengeIdSchema).query(({ ctx, input }) => views.listPlayers(ctx, input)),
  removePlayer: protectedProcedure
    .input(removePlayerSchema)
    .mutation(({ ctx, input }) => commands.removePlayer(ctx, input)),
  leave: protectedProcedure.input(challengeIdSchema).mutation(({ ctx, input }) => commands.leaveChallenge(ctx, input)),
  transfer: protectedProcedure
    .input(transferChallengeProcedureSchema)
    .mutation(({ ctx, input }) => commands.transferChallenge(ctx, input)),
  regenerateInvite: protectedProcedure
    .input(challengeIdSchema)
    .mutation(({ ctx, input }) => commands.regenerateInviteCodes(ctx, input)),
});

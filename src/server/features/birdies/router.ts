import {
  checkRoundSchema,
  courseSuggestionsSchema,
  deleteBirdieSchema,
  listBirdiesSchema,
  playerBirdiesSchema,
  recordBirdieSchema,
  recordRoundSchema,
} from "../../../shared/schemas/birdies";
import { protectedProcedure, router } from "../../trpc/init";
import { courseSuggestions } from "./course-suggestions";
import { deleteBirdie } from "./deletion";
import { checkRound, recordBirdie, recordRound } from "./recording";
import { listOwnBirdies, listPlayerBirdies } from "./views";

export const birdiesRouter = router({
  record: protectedProcedure.input(recordBirdieSchema).mutation(({ ctx, input }) => recordBirdie(ctx, input)),
  // REST-free: only the record form asks before the partner signs (ADR 0028).
  checkRound: protectedProcedure.input(checkRoundSchema).query(({ ctx, input }) => checkRound(ctx, input)),
  // REST-free: the record form's hybrid course list.
  courseSuggestions: protectedProcedure
    .input(courseSuggestionsSchema)
    .query(({ ctx, input }) => courseSuggestions(ctx, input)),
  recordRound: protectedProcedure.input(recordRoundSchema).mutation(({ ctx, input }) => recordRound(ctx, input)),
  list: protectedProcedure.input(listBirdiesSchema).query(({ ctx, input }) => listOwnBirdies(ctx, input)),
  listForPlayer: protectedProcedure.input(playerBirdiesSchema).query(({ ctx, input }) => listPlayerBirdies(ctx, input)),
  delete: protectedProcedure.input(deleteBirdieSchema).mutation(({ ctx, input }) => deleteBirdie(ctx, input)),
});

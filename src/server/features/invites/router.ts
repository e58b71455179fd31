import { inviteCodeInputSchema, inviteEmailsSchema, pinLookupSchema } from "../../../shared/schemas/invites";
import { protectedProcedure, publicProcedure, router } from "../../trpc/init";
import { inviteByEmail } from "./email";
import * as invites from "./service";

export const invitesRouter = router({
  /** The share page's preview: public, like GET /api/challenge-preview/{code}. */
  preview: publicProcedure.input(inviteCodeInputSchema).query(({ ctx, input }) => invites.previewInvite(ctx, input)),
  details: protectedProcedure.input(inviteCodeInputSchema).query(({ ctx, input }) => invites.inviteDetails(ctx, input)),
  join: protectedProcedure.input(inviteCodeInputSchema).mutation(({ ctx, input }) => invites.joinByCode(ctx, input)),
  // A mutation, not a query: each call spends rate-limit budget and must never be retried or cached.
  lookupPin: protectedProcedure.input(pinLookupSchema).mutation(({ ctx, input }) => invites.lookupPin(ctx, input)),
  sendByEmail: protectedProcedure.input(inviteEmailsSchema).mutation(({ ctx, input }) => inviteByEmail(ctx, input)),
});

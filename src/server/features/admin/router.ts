import {
  adminAuditListSchema,
  adminChallengeIdSchema,
  adminChallengeListSchema,
  adminSetAdminSchema,
  adminSetDisabledSchema,
  adminSupportListSchema,
  adminSupportReplySchema,
  adminSupportSetStatusSchema,
  adminUserIdSchema,
  adminUserListSchema,
} from "../../../shared/schemas/admin";
import {
  adminFlagDisableSchema,
  adminFlagIdSchema,
  adminFlagListSchema,
  adminFlagVoidSchema,
} from "../../../shared/schemas/fairplay";
import { adminProcedure, router } from "../../trpc/init";
import { analytics } from "./analytics";
import { listAudit } from "./audit";
import { challengeDetail, deleteChallengeAsAdmin, listChallenges } from "./challenges";
import { dashboard } from "./dashboard";
import { disableFlaggedUser, dismissFlag, listFlags, voidFlagRecords } from "./flags";
import { listSupport, replyToSupport, setSupportStatus } from "./support";
import { createResetLink, listUsers, sendResetLink, setAdmin, setDisabled, userDetail } from "./users";

// The admin area (docs/product/routes-and-screens.md#admin-pages), over tRPC (the fair-play queue
// also has REST twins, rest.ts): adminProcedure answers 403 to everyone else before any input is read.
export const adminRouter = router({
  dashboard: adminProcedure.query(({ ctx }) => dashboard(ctx)),
  analytics: adminProcedure.query(({ ctx }) => analytics(ctx)),
  audit: router({
    list: adminProcedure.input(adminAuditListSchema).query(({ ctx, input }) => listAudit(ctx, input)),
  }),
  users: router({
    list: adminProcedure.input(adminUserListSchema).query(({ ctx, input }) => listUsers(ctx, input)),
    detail: adminProcedure.input(adminUserIdSchema).query(({ ctx, input }) => userDetail(ctx, input)),
    setAdmin: adminProcedure.input(adminSetAdminSchema).mutation(({ ctx, input }) => setAdmin(ctx, input)),
    setDisabled: adminProcedure.input(adminSetDisabledSchema).mutation(({ ctx, input }) => setDisabled(ctx, input)),
    sendResetLink: adminProcedure.input(adminUserIdSchema).mutation(({ ctx, input }) => sendResetLink(ctx, input)),
    createResetLink: adminProcedure.input(adminUserIdSchema).mutation(({ ctx, input }) => createResetLink(ctx, input)),
  }),
  challenges: router({
    list: adminProcedure.input(adminChallengeListSchema).query(({ ctx, input }) => listChallenges(ctx, input)),
    detail: adminProcedure.input(adminChallengeIdSchema).query(({ ctx, input }) => challengeDetail(ctx, input)),
    delete: adminProcedure
      .input(adminChallengeIdSchema)
      .mutation(({ ctx, input }) => deleteChallengeAsAdmin(ctx, input)),
  }),
  flags: router({
    list: adminProcedure.input(adminFlagListSchema).query(({ ctx, input }) => listFlags(ctx, input)),
    dismiss: adminProcedure.input(adminFlagIdSchema).mutation(({ ctx, input }) => dismissFlag(ctx, input)),
    voidRecords: adminProcedure.input(adminFlagVoidSchema).mutation(({ ctx, input }) => voidFlagRecords(ctx, input)),
    disableUser: adminProcedure
      .input(adminFlagDisableSchema)
      .mutation(({ ctx, input }) => disableFlaggedUser(ctx, input)),
  }),
  support: router({
    list: adminProcedure.input(adminSupportListSchema).query(({ ctx, input }) => listSupport(ctx, input)),
    setStatus: adminProcedure
      .input(adminSupportSetStatusSchema)
      .mutation(({ ctx, input }) => setSupportStatus(ctx, input)),
    reply: adminProcedure.input(adminSupportReplySchema).mutation(({ ctx, input }) => replyToSupport(ctx, input)),
  }),
});

import {
  adminAuditListSchema,
  adminChallengeIdSchema,
  adminChallengeListSchema,
  adminSetAdminSchema,
  adminSetDisabledSchema,
  adminSupportListSchema,
  adminSupportSetStatusSchema,
  adminUserIdSchema,
  adminUserListSchema,
} from "../../../shared/schemas/admin";
import { adminProcedure, router } from "../../trpc/init";
import * as admin from "./service";

// Admin only, over tRPC only (no REST twins): adminProcedure answers 403 to everyone else before
// any input is read.
export const adminRouter = router({
  dashboard: adminProcedure.query(({ ctx }) => admin.dashboard(ctx.db)),
  analytics: adminProcedure.query(({ ctx }) => admin.analytics(ctx.db)),
  audit: router({
    list: adminProcedure.input(adminAuditListSchema).query(({ ctx, input }) => admin.listAudit(ctx.db, input)),
  }),
  users: router({
    list: adminProcedure.input(adminUserListSchema).query(({ ctx, input }) => admin.listUsers(ctx.db, input)),
    detail: adminProcedure.input(adminUserIdSchema).query(({ ctx, input }) => admin.userDetail(ctx.db, input)),
    setAdmin: adminProcedure
      .input(adminSetAdminSchema)
      .mutation(({ ctx, input }) => admin.setAdmin(ctx.db, ctx.user.id, input)),
    setDisabled: adminProcedure
      .input(adminSetDisabledSchema)
      .mutation(({ ctx, input }) => admin.setDisabled(ctx.db, ctx.user.id, input)),
  }),
  challenges: router({
    list: adminProcedure.input(adminChallengeListSchema).query(({ ctx, input }) => admin.listChallenges(ctx.db, input)),
    detail: adminProcedure
      .input(adminChallengeIdSchema)
      .query(({ ctx, input }) => admin.challengeDetail(ctx.db, input)),
    delete: adminProcedure
      .input(adminChallengeIdSchema)
      .mutation(({ ctx, input }) => admin.deleteChallengeAsAdmin(ctx.db, ctx.user.id, input)),
  }),
  support: router({
    list: adminProcedure.input(adminSupportListSchema).query(({ ctx, input }) => admin.listSupport(ctx.db, input)),
    setStatus: adminProcedure
      .input(adminSupportSetStatusSchema)
      .mutation(({ ctx, input }) => admin.setSupportStatus(ctx.db, ctx.user.id, input)),
  }),
});

import { z } from "zod";
import { changePasswordSchema, loginSchema, registerSchema } from "../../../shared/schemas/auth";
import {
  changeEmailSchema,
  emailTokenParams,
  passwordResetRequestSchema,
  passwordResetWithTokenSchema,
} from "../../../shared/schemas/recovery";
import { protectedProcedure, publicProcedure, router } from "../../trpc/init";
import * as email from "./email-verification";
import * as reset from "./password-reset";
import * as auth from "./service";

export const authRouter = router({
  me: protectedProcedure.query(({ ctx }) => auth.me(ctx)),
  register: publicProcedure.input(registerSchema).mutation(({ ctx, input }) => auth.register(ctx, input)),
  login: publicProcedure.input(loginSchema).mutation(({ ctx, input }) => auth.login(ctx, input)),
  logout: publicProcedure.input(z.void()).mutation(({ ctx }) => auth.logout(ctx)),
  changePassword: protectedProcedure
    .input(changePasswordSchema)
    .mutation(({ ctx, input }) => auth.changePassword(ctx, input)),
  requestPasswordReset: publicProcedure
    .input(passwordResetRequestSchema)
    .mutation(({ ctx, input }) => reset.requestPasswordReset(ctx, input)),
  resetPassword: publicProcedure
    .input(passwordResetWithTokenSchema)
    .mutation(({ ctx, input }) => reset.resetPassword(ctx, input)),
  confirmEmail: publicProcedure.input(emailTokenParams).mutation(({ ctx, input }) => email.confirmEmail(ctx, input)),
  emailStatus: protectedProcedure.query(({ ctx }) => email.emailStatus(ctx)),
  changeEmail: protectedProcedure.input(changeEmailSchema).mutation(({ ctx, input }) => email.changeEmail(ctx, input)),
  resendEmailConfirmation: protectedProcedure.input(z.void()).mutation(({ ctx }) => email.resendConfirmation(ctx)),
});

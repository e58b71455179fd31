import { z } from "zod";
import { changePasswordSchema, loginSchema, registerSchema } from "../../../shared/schemas/auth";
import { protectedProcedure, publicProcedure, router } from "../../trpc/init";
import * as auth from "./service";

export const authRouter = router({
  me: protectedProcedure.query(({ ctx }) => auth.me(ctx)),
  register: publicProcedure.input(registerSchema).mutation(({ ctx, input }) => auth.register(ctx, input)),
  login: publicProcedure.input(loginSchema).mutation(({ ctx, input }) => auth.login(ctx, input)),
  logout: publicProcedure.input(z.void()).mutation(({ ctx }) => auth.logout(ctx)),
  changePassword: protectedProcedure
    .input(changePasswordSchema)
    .mutation(({ ctx, input }) => auth.changePassword(ctx, input)),
});

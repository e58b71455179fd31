import { z } from "zod";
import { changePasswordSchema, loginSchema, registerSchema, updateProfileSchema } from "../../../shared/schemas/auth";
import { blankSessionCookie, sessionCookie } from "../../auth/session";
import { protectedProcedure, publicProcedure, router } from "../../trpc/init";
import * as auth from "./service";

export const authRouter = router({
  me: protectedProcedure.query(({ ctx }) => auth.toPublicUser(ctx.user)),

  register: publicProcedure.input(registerSchema).mutation(async ({ ctx, input }) => {
    const signedIn = await auth.register(ctx.deps, ctx.db, input, ctx.meta);
    ctx.setCookie(sessionCookie(signedIn.token, signedIn.session.expiresAt, ctx.meta.secure));
    return signedIn.user;
  }),

  login: publicProcedure.input(loginSchema).mutation(async ({ ctx, input }) => {
    const signedIn = await auth.login(ctx.deps, ctx.db, input, ctx.meta);
    ctx.setCookie(sessionCookie(signedIn.token, signedIn.session.expiresAt, ctx.meta.secure));
    return signedIn.user;
  }),

  logout: publicProcedure.input(z.void()).mutation(async ({ ctx }) => {
    const result = await auth.logout(ctx.db, ctx.session);
    ctx.setCookie(blankSessionCookie(ctx.meta.secure));
    return result;
  }),

  changePassword: protectedProcedure
    .input(changePasswordSchema)
    .mutation(({ ctx, input }) => auth.changePassword(ctx.deps, ctx.db, ctx.user.id, ctx.session.id, input)),

  updateProfile: protectedProcedure
    .input(updateProfileSchema)
    .mutation(({ ctx, input }) => auth.updateProfile(ctx.db, ctx.user.id, input)),
});

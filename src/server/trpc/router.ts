import { authRouter } from "../features/auth/router";
import { profileRouter } from "../features/profile/router";
import { supportRouter } from "../features/support/router";
import { createCallerFactory, router } from "./init";

export const appRouter = router({
  auth: authRouter,
  profile: profileRouter,
  support: supportRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);

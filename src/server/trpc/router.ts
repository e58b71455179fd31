import { achievementsRouter } from "../features/achievements/router";
import { adminRouter } from "../features/admin/router";
import { authRouter } from "../features/auth/router";
import { birdiesRouter } from "../features/birdies/router";
import { challengesRouter } from "../features/challenges/router";
import { configRouter } from "../features/config/router";
import { chatRouter } from "../features/chat/router";
import { coursesRouter } from "../features/courses/router";
import { invitesRouter } from "../features/invites/router";
import { leaderboardsRouter } from "../features/leaderboards/router";
import { profileRouter } from "../features/profile/router";
import { pushRouter } from "../features/push/router";
import { supportRouter } from "../features/support/router";
import { createCallerFactory, router } from "./init";

export const appRouter = router({
  achievements: achievementsRouter,
  admin: adminRouter,
  auth: authRouter,
  birdies: birdiesRouter,
  challenges: challengesRouter,
  config: configRouter,
  chat: chatRouter,
  courses: coursesRouter,
  invites: invitesRouter,
  leaderboards: leaderboardsRouter,
  profile: profileRouter,
  push: pushRouter,
  support: supportRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);

import { accountRouter } from "../features/account/router";
import { achievementsRouter } from "../features/achievements/router";
import { adminRouter } from "../features/admin/router";
import { authRouter } from "../features/auth/router";
import { birdiesRouter } from "../features/birdies/router";
import { challengesRouter } from "../features/challenges/router";
import { configRouter } from "../features/config/router";
import { chatRouter } from "../features/chat/router";
import { coursesRouter } from "../features/courses/router";
import { fairplayRouter } from "../features/fairplay/router";
import { dashboardRouter } from "../features/dashboard/router";
import { invitesRouter } from "../features/invites/router";
import { leaderboardsRouter } from "../features/leaderboards/router";
import { notificationsRouter } from "../features/notifications/router";
import { profileRouter } from "../features/profile/router";
import { resultsRouter } from "../features/results/router";
import { pushRouter } from "../features/push/router";
import { supportRouter } from "../features/support/router";
import { verificationRouter } from "../features/verification/router";
import { createCallerFactory, router } from "./init";

export const appRouter = router({
  account: accountRouter,
  achievements: achievementsRouter,
  admin: adminRouter,
  auth: authRouter,
  birdies: birdiesRouter,
  challenges: challengesRouter,
  config: configRouter,
  chat: chatRouter,
  courses: coursesRouter,
  fairplay: fairplayRouter,
  dashboard: dashboardRouter,
  invites: invitesRouter,
  leaderboards: leaderboardsRouter,
  notifications: notificationsRouter,
  profile: profileRouter,
  results: resultsRouter,
  push: pushRouter,
  support: supportRouter,
  verification: verificationRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);

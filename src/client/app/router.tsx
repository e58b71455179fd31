import { createBrowserRouter, Navigate, useLocation } from "react-router";
import { AdminArea, OpenArea, RecordMultipleRedirect, SignedInArea } from "./guards";
import { lazyPage } from "./lazy-page";
import { NotFoundPage } from "./not-found-page";
import { RootRoute } from "./root-route";
import { RouteErrorScreen } from "./route-error-screen";
import { Suspended } from "./suspended";

// Every page is its own chunk so the first load carries only the shell
// (docs/product/routes-and-screens.md#route-table).
const AuthPage = lazyPage(() => import("../features/auth/routes/auth-page"), "AuthPage");
const DashboardPage = lazyPage(() => import("../features/dashboard/routes/dashboard-page"), "DashboardPage");
const ChallengesPage = lazyPage(() => import("../features/challenges/routes/challenges-page"), "ChallengesPage");
const NewChallengePage = lazyPage(() => import("../features/challenges/routes/new-challenge-page"), "NewChallengePage");
const ChallengeDetailPage = lazyPage(
  () => import("../features/challenges/routes/challenge-detail-page"),
  "ChallengeDetailPage",
);
const EditChallengePage = lazyPage(
  () => import("../features/challenges/routes/edit-challenge-page"),
  "EditChallengePage",
);
const RecordBirdiesPage = lazyPage(() => import("../features/birdies/routes/record-birdies-page"), "RecordBirdiesPage");
const AchievementsPage = lazyPage(
  () => import("../features/achievements/routes/achievements-page"),
  "AchievementsPage",
);
const LeaderboardsPage = lazyPage(
  () => import("../features/leaderboards/routes/leaderboards-page"),
  "LeaderboardsPage",
);
const GlobalLeaderboardPage = lazyPage(
  () => import("../features/leaderboards/routes/global-leaderboard-page"),
  "GlobalLeaderboardPage",
);
const MyChallengesLeaderboardPage = lazyPage(
  () => import("../features/leaderboards/routes/my-challenges-leaderboard-page"),
  "MyChallengesLeaderboardPage",
);
const ChallengeLeaderboardPage = lazyPage(
  () => import("../features/leaderboards/routes/challenge-leaderboard-page"),
  "ChallengeLeaderboardPage",
);
const ResultsPage = lazyPage(() => import("../features/results/routes/results-page"), "ResultsPage");
const ProfilePage = lazyPage(() => import("../features/profile/routes/profile-page"), "ProfilePage");
const NotificationsPage = lazyPage(
  () => import("../features/notifications/routes/notifications-page"),
  "NotificationsPage",
);
const VerificationsPage = lazyPage(
  () => import("../features/verification/routes/verifications-page"),
  "VerificationsPage",
);
const SupportPage = lazyPage(() => import("../features/support/routes/support-page"), "SupportPage");
const PwaInfoPage = lazyPage(() => import("../features/pwa/routes/pwa-info-page"), "PwaInfoPage");
const JoinPage = lazyPage(() => import("../features/invites/routes/join-page"), "JoinPage");
const JoinChallengePage = lazyPage(() => import("../features/invites/routes/join-challenge-page"), "JoinChallengePage");
const ShareChallengePage = lazyPage(
  () => import("../features/invites/routes/share-challenge-page"),
  "ShareChallengePage",
);
const InvitePage = lazyPage(() => import("../features/invites/routes/invite-page"), "InvitePage");
const ResetPasswordPage = lazyPage(() => import("../features/auth/routes/reset-password-page"), "ResetPasswordPage");
const VerifyEmailPage = lazyPage(() => import("../features/auth/routes/verify-email-page"), "VerifyEmailPage");
const AdminLoginPage = lazyPage(() => import("../features/admin/routes/admin-login-page"), "AdminLoginPage");
const AdminDashboardPage = lazyPage(
  () => import("../features/admin/routes/admin-dashboard-page"),
  "AdminDashboardPage",
);
const AdminUsersPage = lazyPage(() => import("../features/admin/routes/admin-users-page"), "AdminUsersPage");
const AdminChallengesPage = lazyPage(
  () => import("../features/admin/routes/admin-challenges-page"),
  "AdminChallengesPage",
);
const AdminSupportPage = lazyPage(() => import("../features/admin/routes/admin-support-page"), "AdminSupportPage");
const AdminFairPlayPage = lazyPage(() => import("../features/admin/routes/admin-fair-play-page"), "AdminFairPlayPage");
const AdminAnalyticsPage = lazyPage(
  () => import("../features/admin/routes/admin-analytics-page"),
  "AdminAnalyticsPage",
);

/**
 * /login is an alias of /auth (docs/product/routes-and-screens.md#guards-and-redirects); the query
 * (redirect) travels along.
 */
function LoginAlias() {
  const { search } = useLocation();
  return <Navigate to={`/auth${search}`} replace />;
}

export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <RootRoute />,
      errorElement: <RouteErrorScreen />,
      children: [
        {
          path: "/auth",
          element: (
            <Suspended fullScreen>
              <AuthPage />
            </Suspended>
          ),
        },
        { path: "/login", element: <LoginAlias /> },
        {
          element: <OpenArea />,
          children: [
            { path: "/join", element: <JoinPage /> },
            { path: "/join-challenge/:inviteCode", element: <JoinChallengePage /> },
            { path: "/share/challenge/:inviteCode", element: <ShareChallengePage /> },
            { path: "/invite/:inviteCode", element: <InvitePage /> },
            { path: "/pwa-info", element: <PwaInfoPage /> },
            { path: "/reset-password/:token", element: <ResetPasswordPage /> },
            { path: "/verify-email/:token", element: <VerifyEmailPage /> },
            { path: "/admin/login", element: <AdminLoginPage /> },
          ],
        },
        {
          path: "/admin",
          element: <AdminArea />,
          children: [
            { index: true, element: <AdminDashboardPage /> },
            { path: "dashboard", element: <AdminDashboardPage /> },
            { path: "users", element: <AdminUsersPage /> },
            { path: "challenges", element: <AdminChallengesPage /> },
            { path: "support", element: <AdminSupportPage /> },
            { path: "fair-play", element: <AdminFairPlayPage /> },
            { path: "analytics", element: <AdminAnalyticsPage /> },
            { path: "*", element: <NotFoundPage /> },
          ],
        },
        {
          element: <SignedInArea />,
          children: [
            { index: true, element: <DashboardPage /> },
            { path: "/challenges", element: <ChallengesPage /> },
            { path: "/challenges/new", element: <NewChallengePage /> },
            { path: "/challenges/:id", element: <ChallengeDetailPage /> },
            { path: "/challenges/:id/edit", element: <EditChallengePage /> },
            { path: "/challenges/:id/results", element: <ResultsPage /> },
            { path: "/record-birdies", element: <RecordBirdiesPage /> },
            { path: "/record-birdies/:challengeId", element: <RecordBirdiesPage /> },
            { path: "/record-multiple-birdies", element: <RecordMultipleRedirect /> },
            { path: "/record-multiple-birdies/:challengeId", element: <RecordMultipleRedirect /> },
            { path: "/achievements", element: <AchievementsPage /> },
            { path: "/leaderboard", element: <LeaderboardsPage /> },
            { path: "/leaderboard/global", element: <GlobalLeaderboardPage /> },
            { path: "/leaderboard/my-challenges", element: <MyChallengesLeaderboardPage /> },
            { path: "/leaderboard/:challengeId", element: <ChallengeLeaderboardPage /> },
            { path: "/profile", element: <ProfilePage /> },
            { path: "/support", element: <SupportPage /> },
            { path: "/notifications", element: <NotificationsPage /> },
            { path: "/verifications", element: <VerificationsPage /> },
            // Unknown paths are a signed-in 404; signed-out visitors go to /auth first
            // (docs/product/routes-and-screens.md#not-found).
            { path: "*", element: <NotFoundPage /> },
          ],
        },
      ],
    },
  ]);
}

import type { ReactNode } from "react";
import { Navigate, Route, Switch, useLocation, WithOutlet } from "../lib/router";
import { AdminArea, OpenArea, RecordMultipleRedirect, SignedInArea } from "./guards";
import { type FirstScreenRoute, firstScreenRoute } from "../../shared/domain/first-screens";
import { type LazyPage, lazyPage } from "./lazy-page";
import { NotFoundPage } from "./not-found-page";
import { RootRoute } from "./root-route";
import { RouteErrorBoundary } from "./route-error-screen";
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
 * The page component of each signed-in first screen the server renders (ADR 0055; the names and
 * paths are src/shared/domain/first-screens.ts's).
 */
const FIRST_SCREEN_PAGES: Record<FirstScreenRoute, LazyPage> = {
  dashboard: DashboardPage,
  challenge: ChallengeDetailPage,
  record: RecordBirdiesPage,
  globalBoard: GlobalLeaderboardPage,
  challengeBoard: ChallengeLeaderboardPage,
  profile: ProfilePage,
};

/**
 * Loads the page chunk behind a first screen, so the page renders in the first pass instead of
 * through React.lazy's fallback: before hydrating the sign-in page (main.tsx, ADR 0054), and before
 * the server's render of any first screen (first-screen.tsx, ADR 0055); null for any other path.
 */
export function preloadFirstScreen(pathname: string): Promise<unknown> | null {
  if (pathname === "/auth") return AuthPage.preload();
  const route = firstScreenRoute(pathname);
  return route === null ? null : FIRST_SCREEN_PAGES[route].preload();
}

/**
 * /login is an alias of /auth (docs/product/routes-and-screens.md#guards-and-redirects); the query
 * (redirect) travels along.
 */
function LoginAlias() {
  const { search } = useLocation();
  return <Navigate to={`/auth${search}`} replace />;
}

// The three layouts; a page moving between two of the same area keeps its layout mounted.
const open = (page: ReactNode) => <WithOutlet layout={<OpenArea />}>{page}</WithOutlet>;
const admin = (page: ReactNode) => <WithOutlet layout={<AdminArea />}>{page}</WithOutlet>;
const signedIn = (page: ReactNode) => <WithOutlet layout={<SignedInArea />}>{page}</WithOutlet>;

/**
 * The route table. The first match wins, so the order keeps react-router's ranking: a static
 * segment before a parameter (/challenges/new before /challenges/:id), /admin/login before the
 * admin area, and each area's catch-all last.
 */
export function AppRoutes() {
  const location = useLocation();
  return (
    <RouteErrorBoundary location={location}>
      <RootRoute>
        <Switch>
          <Route path="/auth">
            <Suspended fullScreen>
              <AuthPage />
            </Suspended>
          </Route>
          <Route path="/login">
            <LoginAlias />
          </Route>

          <Route path="/join">{open(<JoinPage />)}</Route>
          <Route path="/join-challenge/:inviteCode">{open(<JoinChallengePage />)}</Route>
          <Route path="/share/challenge/:inviteCode">{open(<ShareChallengePage />)}</Route>
          <Route path="/invite/:inviteCode">{open(<InvitePage />)}</Route>
          <Route path="/pwa-info">{open(<PwaInfoPage />)}</Route>
          <Route path="/reset-password/:token">{open(<ResetPasswordPage />)}</Route>
          <Route path="/verify-email/:token">{open(<VerifyEmailPage />)}</Route>
          <Route path="/admin/login">{open(<AdminLoginPage />)}</Route>

          <Route path="/admin">{admin(<AdminDashboardPage />)}</Route>
          <Route path="/admin/dashboard">{admin(<AdminDashboardPage />)}</Route>
          <Route path="/admin/users">{admin(<AdminUsersPage />)}</Route>
          <Route path="/admin/challenges">{admin(<AdminChallengesPage />)}</Route>
          <Route path="/admin/support">{admin(<AdminSupportPage />)}</Route>
          <Route path="/admin/fair-play">{admin(<AdminFairPlayPage />)}</Route>
          <Route path="/admin/analytics">{admin(<AdminAnalyticsPage />)}</Route>
          <Route path="/admin/*">{admin(<NotFoundPage />)}</Route>

          <Route path="/">{signedIn(<DashboardPage />)}</Route>
          <Route path="/challenges">{signedIn(<ChallengesPage />)}</Route>
          <Route path="/challenges/new">{signedIn(<NewChallengePage />)}</Route>
          <Route path="/challenges/:id">{signedIn(<ChallengeDetailPage />)}</Route>
          <Route path="/challenges/:id/edit">{signedIn(<EditChallengePage />)}</Route>
          <Route path="/challenges/:id/results">{signedIn(<ResultsPage />)}</Route>
          <Route path="/record-birdies">{signedIn(<RecordBirdiesPage />)}</Route>
          <Route path="/record-birdies/:challengeId">{signedIn(<RecordBirdiesPage />)}</Route>
          <Route path="/record-multiple-birdies">{signedIn(<RecordMultipleRedirect />)}</Route>
          <Route path="/record-multiple-birdies/:challengeId">{signedIn(<RecordMultipleRedirect />)}</Route>
          <Route path="/achievements">{signedIn(<AchievementsPage />)}</Route>
          <Route path="/leaderboard">{signedIn(<LeaderboardsPage />)}</Route>
          <Route path="/leaderboard/global">{signedIn(<GlobalLeaderboardPage />)}</Route>
          <Route path="/leaderboard/my-challenges">{signedIn(<MyChallengesLeaderboardPage />)}</Route>
          <Route path="/leaderboard/:challengeId">{signedIn(<ChallengeLeaderboardPage />)}</Route>
          <Route path="/profile">{signedIn(<ProfilePage />)}</Route>
          <Route path="/support">{signedIn(<SupportPage />)}</Route>
          <Route path="/notifications">{signedIn(<NotificationsPage />)}</Route>
          <Route path="/verifications">{signedIn(<VerificationsPage />)}</Route>
          {/* Unknown paths are a signed-in 404; signed-out visitors go to /auth first
              (docs/product/routes-and-screens.md#not-found). */}
          <Route path="*">{signedIn(<NotFoundPage />)}</Route>
        </Switch>
      </RootRoute>
    </RouteErrorBoundary>
  );
}

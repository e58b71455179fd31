import { Navigate } from "../../../lib/router";

/** /leaderboard: the global board is everyone's starting point; the tabs there lead to the rest. */
export function LeaderboardsPage() {
  return <Navigate to="/leaderboard/global" replace />;
}

import { NavLink } from "../../../lib/router";

type LeaderboardNavProps = {
  /** Where "By Challenge" leads: the chosen or the player's first challenge. */
  challengeId?: number | null;
  /** The My Challenges item is disabled when signed out (docs/product/routes-and-screens.md#global-leaderboard). */
  signedIn?: boolean;
};

/** The tabs that move between the three leaderboards. */
export function LeaderboardNav({ challengeId = null, signedIn = true }: LeaderboardNavProps) {
  const item = ({ isActive }: { isActive: boolean }) => `tab whitespace-nowrap ${isActive ? "tab-active" : ""}`;
  return (
    <nav aria-label="Leaderboards" className="tabs tabs-box w-full flex-wrap sm:w-fit">
      <NavLink to="/leaderboard/global" className={item}>
        Global Leaders
      </NavLink>
      {signedIn ? (
        <NavLink to="/leaderboard/my-challenges" className={item}>
          My Rankings
        </NavLink>
      ) : (
        <span className="tab tab-disabled whitespace-nowrap" aria-disabled="true">
          My Rankings
        </span>
      )}
      {challengeId ? (
        <NavLink to={`/leaderboard/${challengeId}`} className={item}>
          By Challenge
        </NavLink>
      ) : (
        <span className="tab tab-disabled whitespace-nowrap" aria-disabled="true" title="Join a challenge first">
          By Challenge
        </span>
      )}
    </nav>
  );
}

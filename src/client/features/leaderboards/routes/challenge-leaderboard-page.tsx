import { routeChallengeId } from "../../../../shared/domain/page-data";
import { AdBanner } from "../../ads/public";
import { useId } from "react";
import { Link, useNavigate, useParams } from "../../../lib/router";
import { PageSpinner } from "../../../components/ui/page-spinner";
import { errorMessage } from "../../../lib/errors";
import { useMyChallenges } from "../../birdies/public";
import { ChallengeLeaderboardTab } from "../components/challenge-leaderboard-tab";
import { LeaderboardNav } from "../components/leaderboard-nav";
import { usePageTitle } from "../../../hooks/use-page-title";

/**
 * /leaderboard/{challengeId} (docs/product/routes-and-screens.md#challenge-leaderboard): a
 * challenge selector, View Challenge Details and the full board.
 */
export function ChallengeLeaderboardPage() {
  const { challengeId: raw } = useParams();
  const challengeId = routeChallengeId(raw);
  const navigate = useNavigate();
  const challenges = useMyChallenges();
  const selectId = useId();
  const list = challenges.data ?? [];
  const known = list.find((c) => c.id === challengeId);
  usePageTitle("Challenge Leaderboard", known?.name);

  return (
    <div className="space-y-6">
      <header className="space-y-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Challenge Leaderboard</h1>
          <p className="mt-1 text-base-content/70">Every player of this challenge, ranked by points.</p>
        </div>
        <LeaderboardNav challengeId={challengeId} />
      </header>

      {challenges.isLoading ? (
        <PageSpinner />
      ) : challenges.isError ? (
        <p role="alert" className="alert alert-error">
          {errorMessage(challenges.error, "Could not load your challenges.")}
        </p>
      ) : !known || challengeId === null ? (
        <div className="card border border-dashed border-base-300 bg-base-100">
          <div className="card-body items-center py-12 text-center">
            <h2 className="text-xl font-semibold">Challenge Not Found</h2>
            <p className="text-base-content/70">This challenge does not exist or you are not one of its players.</p>
            <Link to="/challenges" className="btn btn-primary mt-3">
              My Challenges
            </Link>
          </div>
        </div>
      ) : (
        <>
          <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end sm:justify-between">
            <div className="flex min-w-0 flex-col gap-1.5 sm:w-80">
              <label htmlFor={selectId} className="text-sm font-medium">
                Challenge
              </label>
              <select
                id={selectId}
                className="select w-full"
                value={challengeId}
                onChange={(e) => navigate(`/leaderboard/${e.target.value}`)}
              >
                {list.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
              </select>
            </div>
            <Link to={`/challenges/${challengeId}`} className="btn btn-outline btn-primary">
              View Challenge Details
            </Link>
          </div>
          <ChallengeLeaderboardTab key={challengeId} challengeId={challengeId} />
        </>
      )}
      <AdBanner placement="leaderboard-bottom" />
    </div>
  );
}

import { useState } from "react";
import { Link } from "../../../lib/router";
import { Avatar } from "../../../components/ui/avatar";
import { PageSpinner } from "../../../components/ui/page-spinner";
import { errorMessage } from "../../../lib/errors";
import { HOLES_PER_CHALLENGE } from "../../../../shared/domain/challenge-progress";
import type { MyChallengeLeaderboardItem } from "../../../../shared/schemas/leaderboards";
import { useCurrentUser } from "../../../hooks/use-current-user";
import { LeaderboardNav } from "../components/leaderboard-nav";
import { RankBadge } from "../components/rank-badge";
import { MY_RANKINGS_PAGE_SIZE, useMyChallengesLeaderboard } from "../hooks/use-leaderboards";
import { playerName, realName } from "../lib/player-name";
import { usePageTitle } from "../../../hooks/use-page-title";

/**
 * /leaderboard/my-challenges (docs/product/routes-and-screens.md#my-rankings): my rank of
 * totalPlayers in each challenge, with its top players.
 */
export function MyChallengesLeaderboardPage() {
  usePageTitle("My Rankings");
  const first = useMyChallengesLeaderboard();
  // Pages after the first load on request; each page is its own cached query.
  const [extraPages, setExtraPages] = useState(0);
  const items = first.data ?? [];

  return (
    <div className="space-y-6">
      <header className="space-y-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">My Rankings</h1>
          <p className="mt-1 text-base-content/70">Your rank in each of your challenges.</p>
        </div>
        <LeaderboardNav challengeId={items[0]?.challengeId ?? null} />
      </header>

      {first.isLoading ? (
        <PageSpinner label="Loading leaderboard data..." />
      ) : first.isError ? (
        <p role="alert" className="alert alert-error">
          {errorMessage(first.error, "Could not load your rankings.")}
        </p>
      ) : items.length === 0 ? (
        <div className="card border border-dashed border-base-300 bg-base-100">
          <div className="card-body items-center py-12 text-center">
            <h2 className="text-xl font-semibold">No challenges yet</h2>
            <p className="text-base-content/70">Join or create a challenge to see where you rank.</p>
            <div className="mt-3 flex flex-col gap-2 sm:flex-row">
              <Link to="/challenges/new" className="btn btn-primary">
                Create Challenge
              </Link>
              <Link to="/join" className="btn btn-outline btn-primary">
                Join Challenge
              </Link>
            </div>
          </div>
        </div>
      ) : (
        <>
          <RankingList items={items} />
          {Array.from({ length: extraPages }, (_, i) => (
            <MorePage
              key={i}
              offset={(i + 1) * MY_RANKINGS_PAGE_SIZE}
              isLast={i === extraPages - 1}
              onMore={() => setExtraPages((n) => n + 1)}
            />
          ))}
          {extraPages === 0 && items.length >= MY_RANKINGS_PAGE_SIZE && <MoreButton onClick={() => setExtraPages(1)} />}
        </>
      )}
    </div>
  );
}

function MorePage({ offset, isLast, onMore }: { offset: number; isLast: boolean; onMore: () => void }) {
  const page = useMyChallengesLeaderboard(offset);
  if (page.isLoading) return <PageSpinner label="Loading older challenges..." />;
  if (page.isError)
    return <p className="text-sm text-error">{errorMessage(page.error, "Could not load older challenges.")}</p>;
  const items = page.data ?? [];
  return (
    <>
      {items.length > 0 && <RankingList items={items} />}
      {isLast && items.length >= MY_RANKINGS_PAGE_SIZE && <MoreButton onClick={onMore} />}
    </>
  );
}

function MoreButton({ onClick }: { onClick: () => void }) {
  return (
    <div className="flex justify-center">
      <button type="button" className="btn btn-outline btn-primary" onClick={onClick}>
        Show older challenges
      </button>
    </div>
  );
}

function RankingList({ items }: { items: readonly MyChallengeLeaderboardItem[] }) {
  const { user } = useCurrentUser();
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {items.map((item) => (
        <li
          key={item.challengeId}
          className="card border border-base-300 bg-base-100 shadow-sm"
          data-testid="my-ranking"
        >
          <div className="card-body gap-3 p-4 sm:p-5">
            <div className="flex items-start justify-between gap-3">
              <h2 className="min-w-0 break-words text-lg font-semibold">{item.challengeName}</h2>
              <p className="shrink-0 text-right">
                <span className="sr-only">
                  Rank {item.userRank} of {item.totalPlayers}
                </span>
                <span
                  aria-hidden="true"
                  className="block text-2xl font-bold leading-tight text-primary"
                  data-testid="my-rank"
                >
                  #{item.userRank}
                </span>
                <span aria-hidden="true" className="text-xs text-base-content/60">
                  of {item.totalPlayers}
                </span>
              </p>
            </div>
            <ol className="space-y-1.5" aria-label={`Top players in ${item.challengeName}`}>
              {item.leaderboard.map((entry) => {
                const isMe = entry.user.id === user?.id;
                return (
                  <li
                    key={entry.user.id}
                    // Wraps: on a narrow screen or with large text the figures go under the name.
                    className={`flex flex-wrap items-center gap-x-2.5 gap-y-1 rounded-box px-2 py-1.5 ${isMe ? "bg-primary/10" : ""}`}
                  >
                    <span className="flex min-w-0 flex-[1_1_10rem] items-center gap-2.5">
                      <RankBadge rank={entry.rank} points={entry.points} size="sm" />
                      <Avatar name={realName(entry.user)} src={entry.user.profilePicture} size="sm" />
                      <span
                        className={`min-w-0 flex-1 wrap-anywhere text-sm ${isMe ? "font-semibold text-primary" : ""}`}
                      >
                        {playerName(entry.user, user?.id)}
                      </span>
                    </span>
                    <span className="ml-auto shrink-0 text-xs text-base-content/70">
                      {entry.birdiedHoles} / {HOLES_PER_CHALLENGE} ·{" "}
                      <span className="font-semibold text-base-content">{entry.points} pts</span>
                    </span>
                  </li>
                );
              })}
            </ol>
            <div className="card-actions justify-end">
              <Link to={`/leaderboard/${item.challengeId}`} className="btn btn-ghost btn-sm text-primary">
                Full Leaderboard
              </Link>
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}

import { BIRDIE_POINTS, EAGLE_POINTS } from "../../../../shared/domain/scoring";
import { pointsText } from "../../../lib/points";
import { AdBanner } from "../../ads/public";
import { useSearchParams } from "../../../lib/router";
import { Avatar } from "../../../components/ui/avatar";
import { PageSpinner } from "../../../components/ui/page-spinner";
import { errorMessage } from "../../../lib/errors";
import { PERIOD_LABELS, PERIODS } from "../../../../shared/domain/periods";
import { periodFromParam } from "../../../../shared/domain/page-data";
import type { GlobalEntry } from "../../../../shared/schemas/leaderboards";
import { useCurrentUser } from "../../../hooks/use-current-user";
import { useMyChallenges } from "../../birdies/public";
import { LeaderboardNav } from "../components/leaderboard-nav";
import { RankBadge } from "../components/rank-badge";
import { useGlobalLeaderboard } from "../hooks/use-leaderboards";
import { playerName, realName } from "../lib/player-name";
import { usePageTitle } from "../../../hooks/use-page-title";

/**
 * /leaderboard/global (docs/product/routes-and-screens.md#global-leaderboard): top 100 of a period,
 * medals for the top 3, and the caller's own row beyond 100th.
 */
export function GlobalLeaderboardPage() {
  usePageTitle("Global Leaderboard");
  const { user } = useCurrentUser();
  const [searchParams, setSearchParams] = useSearchParams();
  // The period lives in the URL so a shared or reloaded link shows the same board.
  const period = periodFromParam(searchParams.get("period"));
  const board = useGlobalLeaderboard(period);
  const challenges = useMyChallenges();
  const entries = board.data?.period === period || board.isPlaceholderData ? (board.data?.entries ?? []) : [];

  return (
    <div className="space-y-6">
      <header className="space-y-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Global Leaderboard</h1>
          <p className="mt-1 text-base-content/70">The top birdie hunters across every challenge.</p>
        </div>
        <LeaderboardNav challengeId={challenges.data?.[0]?.id ?? null} />
      </header>

      <div role="group" aria-label="Period" className="flex flex-wrap gap-2">
        {PERIODS.map((p) => (
          <button
            key={p}
            type="button"
            aria-pressed={p === period}
            className={`btn btn-sm ${p === period ? "btn-primary" : "btn-ghost border-base-300"}`}
            onClick={() =>
              setSearchParams(p === "all" ? {} : { period: p }, { replace: true, preventScrollReset: true })
            }
          >
            {PERIOD_LABELS[p]}
          </button>
        ))}
      </div>

      <section aria-labelledby="global-board-title" className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-3 p-4 sm:p-6">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="global-board-title" className="card-title text-lg">
              {PERIOD_LABELS[period]}
            </h2>
            <p className="text-xs text-base-content/60">
              Birdie {pointsText(BIRDIE_POINTS)} · Eagle {pointsText(EAGLE_POINTS)}
            </p>
          </div>
          {board.isLoading ? (
            <PageSpinner label="Loading leaderboard data..." />
          ) : board.isError ? (
            <p className="text-sm text-error">{errorMessage(board.error, "Could not load the leaderboard.")}</p>
          ) : entries.length === 0 ? (
            <p className="py-8 text-center text-sm text-base-content/70" data-testid="global-empty">
              No birdies recorded {period === "all" ? "yet" : `for ${PERIOD_LABELS[period].toLowerCase()} yet`}
            </p>
          ) : (
            <ol
              className={`divide-y divide-base-300 ${board.isFetching ? "opacity-70" : ""}`}
              aria-label={`${PERIOD_LABELS[period]} leaderboard`}
            >
              {entries.map((entry) => (
                <GlobalRow key={entry.user.id} entry={entry} currentUserId={user?.id} />
              ))}
            </ol>
          )}
          {board.data?.me && board.data.period === period && (
            <section className="mt-2 border-t-2 border-dashed border-base-300 pt-3" aria-label="Your rank">
              <p className="mb-1 text-xs font-semibold uppercase tracking-wide text-base-content/60">Your Rank</p>
              <ol>
                <GlobalRow entry={board.data.me} currentUserId={user?.id} />
              </ol>
            </section>
          )}
        </div>
      </section>
      <AdBanner placement="leaderboard-bottom" />
    </div>
  );
}

function GlobalRow({ entry, currentUserId }: { entry: GlobalEntry; currentUserId: number | undefined }) {
  const isMe = entry.user.id === currentUserId;
  return (
    <li
      // Wraps: on a narrow screen or with large text the points go under the name.
      className={`flex flex-wrap items-center gap-x-3 gap-y-1 rounded-box px-2 py-2.5 ${isMe ? "bg-primary/10" : ""}`}
      data-testid="global-row"
      data-rank={entry.rank}
      aria-current={isMe ? "true" : undefined}
    >
      <span className="flex min-w-0 flex-[1_1_12rem] items-center gap-3">
        <RankBadge rank={entry.rank} points={entry.points} />
        <Avatar name={realName(entry.user)} src={entry.user.profilePicture} />
        <span className="min-w-0 flex-1">
          <span className={`block wrap-anywhere ${isMe ? "font-semibold text-primary" : "font-medium"}`}>
            {playerName(entry.user, currentUserId)}
          </span>
          <span className="block wrap-anywhere text-xs text-base-content/60">
            {entry.birdies} {entry.birdies === 1 ? "birdie" : "birdies"} · {entry.eagles}{" "}
            {entry.eagles === 1 ? "eagle" : "eagles"}
          </span>
        </span>
      </span>
      <span className="ml-auto shrink-0 text-right">
        <span className="block text-lg font-bold leading-tight">{entry.points}</span>
        <span className="text-xs text-base-content/60">pts</span>
      </span>
    </li>
  );
}

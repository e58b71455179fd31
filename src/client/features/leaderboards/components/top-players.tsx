import { Link } from "../../../lib/router";
import { Avatar } from "../../../components/ui/avatar";
import { useCurrentUser } from "../../../hooks/use-current-user";
import { useChallengeLeaderboard } from "../hooks/use-leaderboards";
import { playerName, realName } from "../lib/player-name";
import { BoardFigures } from "./board-figures";
import { RankBadge } from "./rank-badge";

const TOP_PLAYERS = 3;

/**
 * Challenge detail Overview 'Top Players' (docs/product/routes-and-screens.md#challenge-detail):
 * the top 3 and a link to the full board.
 */
export function TopPlayers({ challengeId }: { challengeId: number }) {
  const { user } = useCurrentUser();
  const board = useChallengeLeaderboard(challengeId);
  const entries = board.data ?? [];
  const top = entries.slice(0, TOP_PLAYERS);
  // Every member is ranked, scoreless ones included; until someone scores there is nothing to rank.
  const anyRecorded = entries.some((e) => e.points > 0 || e.birdiedHoles > 0);

  return (
    <section
      aria-labelledby={`top-players-${challengeId}`}
      className="card border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-3 p-4 sm:p-6">
        <h2 id={`top-players-${challengeId}`} className="card-title text-lg">
          Top Players
        </h2>
        {board.isLoading ? (
          <p className="text-sm text-base-content/70">Loading leaderboard data...</p>
        ) : board.isError ? (
          <p className="text-sm text-error">Could not load the leaderboard.</p>
        ) : !anyRecorded ? (
          <p className="text-sm text-base-content/70">No players have recorded birdies yet</p>
        ) : (
          <ol className="space-y-2" aria-label="Top players">
            {top.map((entry) => {
              const isMe = entry.user.id === user?.id;
              return (
                <li
                  key={entry.user.id}
                  // Wraps: on a narrow screen or with large text the figures go under the name.
                  className={`flex flex-wrap items-center gap-x-3 gap-y-1 rounded-box p-2 ${isMe ? "bg-primary/10" : ""}`}
                  data-testid="top-player"
                >
                  <span className="flex min-w-0 flex-[1_1_10rem] items-center gap-3">
                    <RankBadge rank={entry.rank} points={entry.points} size="sm" />
                    <Avatar name={realName(entry.user)} src={entry.user.profilePicture} size="sm" />
                    <span
                      className={`min-w-0 flex-1 wrap-anywhere text-sm ${isMe ? "font-semibold text-primary" : "font-medium"}`}
                    >
                      {playerName(entry.user, user?.id)}
                    </span>
                  </span>
                  <BoardFigures points={entry.points} holes={entry.birdiedHoles} />
                </li>
              );
            })}
          </ol>
        )}
        <Link to={`/leaderboard/${challengeId}`} className="btn btn-outline btn-primary btn-sm mt-1 self-start">
          View Full Leaderboard
        </Link>
      </div>
    </section>
  );
}

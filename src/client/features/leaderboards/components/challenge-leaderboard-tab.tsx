import { BIRDIE_POINTS, EAGLE_POINTS } from "../../../../shared/domain/scoring";
import { pointsText } from "../../../lib/points";
import { useState } from "react";
import { Avatar } from "../../../components/ui/avatar";
import { HOLES_PER_CHALLENGE } from "../../../../shared/domain/challenge-progress";
import type { LeaderboardUser } from "../../../../shared/schemas/leaderboards";
import { errorMessage } from "../../../lib/errors";
import { useCurrentUser } from "../../../hooks/use-current-user";
import { useChallengeLeaderboard } from "../hooks/use-leaderboards";
import { handicapText, playerName, realName } from "../lib/player-name";
import { PlayerBirdiesDialog } from "./player-birdies-dialog";
import { RankBadge } from "./rank-badge";

/**
 * The full challenge board (challenge detail Leaderboard tab and /leaderboard/{id}): every player
 * ranked by points, medals for the top 3, and each player's birdies one click away.
 */
export function ChallengeLeaderboardTab({ challengeId }: { challengeId: number }) {
  const { user } = useCurrentUser();
  const board = useChallengeLeaderboard(challengeId);
  const [player, setPlayer] = useState<LeaderboardUser | null>(null);
  const entries = board.data ?? [];

  return (
    <section
      aria-labelledby={`challenge-board-${challengeId}`}
      className="card border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={`challenge-board-${challengeId}`} className="card-title text-lg">
            Leaderboard
          </h2>
          <p className="text-xs text-base-content/70">
            <span className="badge badge-primary badge-sm mr-1">Birdie {pointsText(BIRDIE_POINTS)}</span>
            <span className="badge badge-accent badge-sm">Eagle {pointsText(EAGLE_POINTS)}</span>
          </p>
        </div>

        {board.isLoading ? (
          <p className="py-4 text-center text-sm text-base-content/70">Loading leaderboard data...</p>
        ) : board.isError ? (
          <p className="text-sm text-error">{errorMessage(board.error, "Could not load the leaderboard.")}</p>
        ) : entries.length === 0 ? (
          <p className="py-4 text-center text-sm text-base-content/70">No players have recorded birdies yet</p>
        ) : (
          <ol className="divide-y divide-base-300" aria-label="Challenge leaderboard">
            {entries.map((entry) => {
              const isMe = entry.user.id === user?.id;
              const name = playerName(entry.user, user?.id);
              return (
                <li
                  key={entry.user.id}
                  data-testid="leaderboard-row"
                  data-rank={entry.rank}
                  aria-current={isMe ? "true" : undefined}
                >
                  <button
                    type="button"
                    // Wraps: on a narrow screen or with large text the figures go under the name.
                    className={`flex w-full flex-wrap items-center gap-x-3 gap-y-2 rounded-box px-2 py-3 text-left transition-colors hover:bg-base-200 ${isMe ? "bg-primary/10" : ""}`}
                    onClick={() => setPlayer(entry.user)}
                  >
                    {/* Named by its visible content (rank medal, name, figures) plus a hint: an
                        aria-label would not contain the visible text (WCAG 2.5.3 label in name). */}
                    <span className="flex min-w-0 flex-[1_1_12rem] items-center gap-3">
                      <RankBadge rank={entry.rank} points={entry.points} />
                      <Avatar name={realName(entry.user)} src={entry.user.profilePicture} />
                      <span className="min-w-0 flex-1">
                        <span className={`block wrap-anywhere ${isMe ? "font-semibold text-primary" : "font-medium"}`}>
                          {name}
                        </span>
                        <span className="block wrap-anywhere text-xs text-base-content/60">
                          {handicapText(entry.user.handicap)}
                        </span>
                        {entry.pendingRecords ? (
                          <span
                            className="badge badge-warning h-auto min-h-5 text-xs"
                            data-testid="leaderboard-pending"
                          >
                            {entry.pendingRecords} pending
                            <span className="sr-only"> confirmation, not counted yet</span>
                          </span>
                        ) : null}
                      </span>
                    </span>
                    <span className="ml-auto flex shrink-0 items-center gap-3">
                      <span className="hidden text-center text-xs text-base-content/70 sm:block">
                        <span className="block font-semibold text-base-content">{entry.birdies}</span>
                        Birdies
                      </span>
                      <span className="hidden text-center text-xs text-base-content/70 sm:block">
                        <span className="block font-semibold text-base-content">{entry.eagles}</span>
                        Eagles
                      </span>
                      <span className="text-center text-xs text-base-content/70">
                        <span className="block font-semibold text-base-content">
                          {entry.birdiedHoles} / {HOLES_PER_CHALLENGE}
                        </span>
                        Holes
                      </span>
                      <span className="min-w-12 text-right">
                        <span className="block text-lg font-bold leading-tight" data-testid="leaderboard-points">
                          {entry.points}
                        </span>
                        <span className="text-xs text-base-content/60">pts</span>
                      </span>
                    </span>
                    <span className="sr-only">. View birdies</span>
                  </button>
                </li>
              );
            })}
          </ol>
        )}
      </div>
      <PlayerBirdiesDialog challengeId={challengeId} player={player} onClose={() => setPlayer(null)} />
    </section>
  );
}

import { useNavigate } from "../../../lib/router";
import { Avatar } from "../../../components/ui/avatar";
import { DropdownMenu } from "../../../components/ui/dropdown-menu";
import { ChartIcon } from "../../../components/ui/icons";
import { useCurrentUser } from "../../../hooks/use-current-user";
import {
  BoardFigures,
  useChallengeLeaderboardTop,
  handicapText,
  playerName,
  realName,
} from "../../leaderboards/public";

const WIDGET_PLAYERS = 4;

/**
 * Challenge Leaderboard widget (docs/product/routes-and-screens.md#dashboard): the current
 * challenge's top 4 and links to every board.
 */
export function ChallengeLeaderboardWidget({
  challengeId,
  challengeName,
}: {
  challengeId: number;
  challengeName: string;
}) {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const board = useChallengeLeaderboardTop(challengeId);
  const entries = board.data ?? [];
  const anyRecorded = entries.some((e) => e.points > 0 || e.birdiedHoles > 0);
  const links = [
    { label: "This Challenge", to: `/leaderboard/${challengeId}` },
    { label: "My Rankings", to: "/leaderboard/my-challenges" },
    { label: "Global Leaders", to: "/leaderboard/global" },
  ];

  return (
    <section
      aria-labelledby="dashboard-leaderboard-title"
      className="card border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-4 p-4 sm:p-6">
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <h2 id="dashboard-leaderboard-title" className="card-title text-lg">
              Challenge Leaderboard
            </h2>
            <p className="wrap-anywhere text-sm text-base-content/60">{challengeName}</p>
          </div>
          <DropdownMenu
            label="View Leaderboards"
            triggerClassName="btn btn-sm btn-outline btn-primary"
            trigger={
              <>
                <ChartIcon />
                <span className="hidden sm:inline">View Leaderboards</span>
              </>
            }
          >
            {(close) =>
              links.map((link) => (
                <li key={link.to}>
                  <button
                    type="button"
                    role="menuitem"
                    onClick={() => {
                      close();
                      void navigate(link.to);
                    }}
                  >
                    {link.label}
                  </button>
                </li>
              ))
            }
          </DropdownMenu>
        </div>

        {board.isLoading ? (
          <p className="py-4 text-center text-sm text-base-content/70">Loading leaderboard data...</p>
        ) : board.isError ? (
          <p className="py-4 text-center text-sm text-error">Could not load the leaderboard.</p>
        ) : !anyRecorded ? (
          <p className="py-4 text-center text-sm text-base-content/70">No players have recorded birdies yet</p>
        ) : (
          <ol className="space-y-1.5" aria-label="Top players">
            {entries.slice(0, WIDGET_PLAYERS).map((entry) => {
              const isMe = entry.user.id === user?.id;
              return (
                <li
                  key={entry.user.id}
                  // Wraps: on a narrow screen or with large text the figures go under the name.
                  className={`flex flex-wrap items-center gap-x-3 gap-y-1 rounded-box px-2 py-2 ${isMe ? "bg-primary/10 ring-1 ring-primary/30" : ""}`}
                  data-testid="dashboard-leaderboard-row"
                  aria-current={isMe ? "true" : undefined}
                >
                  <span className="flex min-w-0 flex-[1_1_12rem] items-center gap-3">
                    <span className="w-5 shrink-0 text-center text-sm font-bold text-base-content/70">
                      {entry.rank}
                    </span>
                    <Avatar name={realName(entry.user)} src={entry.user.profilePicture} size="sm" />
                    <span className="min-w-0 flex-1">
                      <span
                        className={`block wrap-anywhere text-sm ${isMe ? "font-semibold text-primary" : "font-medium"}`}
                      >
                        {playerName(entry.user, user?.id)}
                      </span>
                      <span className="block wrap-anywhere text-xs text-base-content/60">
                        {handicapText(entry.user.handicap)}
                      </span>
                    </span>
                  </span>
                  <BoardFigures points={entry.points} holes={entry.birdiedHoles} />
                </li>
              );
            })}
          </ol>
        )}
      </div>
    </section>
  );
}

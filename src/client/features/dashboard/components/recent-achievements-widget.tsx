import { Link } from "../../../lib/router";
import { MedalIcon } from "../../../components/ui/icons";
import { relativeTime } from "../../../lib/relative-time";
import { AchievementIcon, useMyAchievements, latestEarned } from "../../achievements/public";

const SHOWN = 2;

/** The dashboard's Recent Achievements widget (docs/product/routes-and-screens.md#dashboard): the two latest, with relative earned times. */
export function RecentAchievementsWidget() {
  const mine = useMyAchievements();
  const latest = latestEarned(mine.data ?? [], SHOWN);

  return (
    <section aria-labelledby="recent-achievements-title" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4 p-4 sm:p-6">
        <div className="flex items-center justify-between gap-2">
          <h2 id="recent-achievements-title" className="card-title text-lg">
            Recent Achievements
          </h2>
          <Link to="/achievements" className="link link-primary inline-flex min-h-11 items-center text-sm font-medium">
            View All
          </Link>
        </div>
        {mine.isLoading ? (
          <div className="flex justify-center py-4" role="status" aria-label="Loading achievements">
            <span className="loading loading-spinner text-primary" aria-hidden="true" />
          </div>
        ) : latest.length === 0 ? (
          <div className="flex flex-col items-center gap-1 py-4 text-center">
            <span className="text-3xl text-base-content/30">
              <MedalIcon />
            </span>
            <p className="font-medium">No achievements yet</p>
            <p className="text-sm text-base-content/70">Start recording birdies to earn achievements!</p>
          </div>
        ) : (
          <ul className="grid grid-cols-2 gap-3">
            {latest.map((ua) => (
              <li
                key={ua.id}
                className="flex min-w-0 flex-col items-center gap-2 rounded-box bg-base-200/60 p-3 text-center"
                data-testid="recent-achievement"
              >
                <AchievementIcon
                  achievementType={ua.achievement.achievementType}
                  icon={ua.achievement.icon}
                  size="sm"
                />
                <p className="w-full break-words text-sm font-semibold">{ua.achievement.name}</p>
                <p className="w-full break-words text-xs text-base-content/70">{ua.achievement.description}</p>
                <p className="text-xs font-medium text-primary">{relativeTime(ua.dateEarned)}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

import { type CSSProperties, useState } from "react";
import { PageSpinner } from "../../../components/ui/page-spinner";
import { TabList, TabPanels } from "../../../components/ui/tabs";
import { errorMessage } from "../../../lib/errors";
import { formatChallengeDate } from "../../../../shared/domain/challenge-timing";
import { AchievementIcon } from "../components/achievement-icon";
import { useAchievementCatalogue, useMyAchievements } from "../hooks/use-achievements";
import {
  ACHIEVEMENT_TABS,
  type AchievementCard,
  type AchievementTab,
  completion,
  filterAchievements,
  mergeAchievements,
} from "../lib/achievement-progress";
import { usePageTitle } from "../../../hooks/use-page-title";

/**
 * /achievements (docs/product/routes-and-screens.md#achievements): tabs All, Milestones, Specialty,
 * Earned, with a progress summary.
 */
export function AchievementsPage() {
  usePageTitle("Achievements");
  const catalogue = useAchievementCatalogue();
  const mine = useMyAchievements();
  const [tab, setTab] = useState<AchievementTab>("all");

  const cards = mergeAchievements(catalogue.data ?? [], mine.data ?? []);
  const summary = completion(cards);
  const shown = filterAchievements(cards, tab);

  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Achievements</h1>
        <p className="mt-1 text-base-content/70">
          Milestones and specialty badges you have earned, and the ones still waiting.
        </p>
      </header>

      {catalogue.isLoading || mine.isLoading ? (
        <PageSpinner label="Loading achievements..." />
      ) : catalogue.isError || mine.isError ? (
        <p role="alert" className="alert alert-error">
          {errorMessage(catalogue.error ?? mine.error, "Could not load achievements.")}
        </p>
      ) : (
        <>
          <section aria-label="Progress summary" className="card border border-base-300 bg-base-100 shadow-sm">
            <div className="card-body flex-row flex-wrap items-center gap-4 p-4 sm:p-6">
              <div
                className="radial-progress shrink-0 text-primary"
                style={{ "--value": summary.percent, "--size": "4.5rem", "--thickness": "0.45rem" } as CSSProperties}
                role="progressbar"
                aria-valuenow={summary.percent}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-label="Completion"
              >
                <span className="text-base font-bold text-base-content" data-testid="achievements-percent">
                  {summary.percent}%
                </span>
              </div>
              <div className="min-w-0 flex-1">
                <p className="text-lg font-semibold" data-testid="achievements-summary">
                  {summary.earned} of {summary.total} earned
                </p>
                <p className="text-sm text-base-content/70">{summary.percent}% complete</p>
                <progress
                  className="progress progress-primary mt-2 w-full"
                  value={summary.earned}
                  max={Math.max(1, summary.total)}
                  aria-hidden="true"
                />
              </div>
            </div>
          </section>

          <TabList
            idPrefix="achievements"
            label="Achievement categories"
            tabs={ACHIEVEMENT_TABS}
            selected={tab}
            onSelect={setTab}
            className="tabs tabs-box grid grid-cols-2 sm:grid-cols-4"
            tabClassName="px-1 text-sm"
          />

          <TabPanels idPrefix="achievements" tabs={ACHIEVEMENT_TABS} selected={tab}>
            {shown.length === 0 ? (
              <div className="card border border-dashed border-base-300 bg-base-100">
                <div className="card-body items-center py-10 text-center">
                  <p className="font-semibold">{tab === "earned" ? "No achievements yet" : "Nothing here yet"}</p>
                  <p className="text-sm text-base-content/70">Start recording birdies to earn achievements!</p>
                </div>
              </div>
            ) : (
              <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {shown.map((card) => (
                  <AchievementTile key={card.id} card={card} />
                ))}
              </ul>
            )}
          </TabPanels>
        </>
      )}
    </div>
  );
}

function AchievementTile({ card }: { card: AchievementCard }) {
  const earned = card.earnedAt !== null;
  return (
    <li
      className={`card border bg-base-100 shadow-sm ${earned ? "border-accent/60" : "border-base-300"}`}
      data-testid="achievement-card"
      data-earned={earned}
      aria-label={`${card.name}${earned ? ", earned" : ", not earned yet"}`}
    >
      <div className="card-body flex-row items-start gap-3 p-4">
        <AchievementIcon achievementType={card.achievementType} icon={card.icon} earned={earned} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className={`font-semibold ${earned ? "" : "text-base-content/70"}`}>{card.name}</h2>
            <span className="badge badge-ghost badge-sm">
              {card.category === "milestone" ? "Milestone" : "Specialty"}
            </span>
          </div>
          <p className="mt-1 text-sm text-base-content/70">{card.description}</p>
          <p className={`mt-2 text-xs ${earned ? "font-medium text-primary" : "text-base-content/60"}`}>
            {earned ? `Earned ${formatChallengeDate(card.earnedAt as string)}` : "Not earned yet"}
          </p>
        </div>
      </div>
    </li>
  );
}

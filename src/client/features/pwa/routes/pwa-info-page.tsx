import { useState } from "react";
import { Link } from "../../../lib/router";
import { CheckIcon, FlagIcon, TargetIcon } from "../../../components/ui/icons";
import { useCurrentUser } from "../../../hooks/use-current-user";
import { useActiveChallengeSuggestions } from "../hooks/use-active-challenge-suggestions";
import { useInstallPrompt } from "../hooks/use-install-prompt";
import { detectInstallPlatform, orderedGuides } from "../lib/platform";
import { usePageTitle } from "../../../hooks/use-page-title";

const BENEFITS = [
  "Opens straight from your home screen, full screen",
  "Loads with no signal once you have visited",
  "Rounds verified in a dead spot are kept and sent when you are back online",
];

export function PwaInfoPage() {
  usePageTitle("Install the App");
  const { user } = useCurrentUser();
  const { canInstall, isStandalone, install } = useInstallPrompt();
  const [platform] = useState(() => detectInstallPlatform(navigator.userAgent, navigator.maxTouchPoints));
  const guides = orderedGuides(platform);

  return (
    <section className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Install Birdie Challenge</h1>
        <p className="mt-1 text-base-content/70">
          Add Birdie Challenge to your home screen for quick, app-like access on the course.
        </p>
      </header>

      <div className="card border border-base-300 bg-base-100">
        <div className="card-body gap-4">
          <ul className="space-y-2">
            {BENEFITS.map((b) => (
              <li key={b} className="flex items-start gap-2">
                <CheckIcon className="mt-0.5 shrink-0 text-success" />
                <span>{b}</span>
              </li>
            ))}
          </ul>
          {isStandalone ? (
            <p className="alert alert-success">You are using the installed app.</p>
          ) : (
            canInstall && (
              <button
                type="button"
                className="btn btn-primary w-full sm:w-auto sm:self-start"
                onClick={() => void install()}
              >
                Install now
              </button>
            )
          )}
        </div>
      </div>

      <div className="grid gap-4 md:grid-cols-3">
        {guides.map((guide) => (
          <section
            key={guide.platform}
            aria-labelledby={`install-${guide.platform}`}
            className={`card border bg-base-100 ${guide.platform === platform ? "border-primary" : "border-base-300"}`}
          >
            <div className="card-body">
              <div className="flex flex-wrap items-center gap-2">
                <h2 id={`install-${guide.platform}`} className="card-title text-lg">
                  {guide.title}
                </h2>
                {guide.platform === platform && <span className="badge badge-primary badge-sm">Your device</span>}
              </div>
              <p className="text-sm text-base-content/70">{guide.browser}</p>
              <ol className="mt-2 list-decimal space-y-1.5 pl-5 text-sm">
                {guide.steps.map((step) => (
                  <li key={step}>{step}</li>
                ))}
              </ol>
            </div>
          </section>
        ))}
      </div>

      {user && <ActiveChallengeSuggestions />}
    </section>
  );
}

function ActiveChallengeSuggestions() {
  const { suggestions, isLoading } = useActiveChallengeSuggestions(true);
  return (
    <section aria-labelledby="suggestions-title" className="card border border-base-300 bg-base-100">
      <div className="card-body">
        <h2 id="suggestions-title" className="card-title text-lg">
          Ready for your next round
        </h2>
        {isLoading ? (
          <p className="text-sm text-base-content/70">Loading challenges...</p>
        ) : suggestions.length === 0 ? (
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-base-content/70">
              No active challenges yet. Start one and take it to the course.
            </p>
            <Link to="/challenges/new" className="btn btn-primary btn-sm">
              Create Challenge
            </Link>
          </div>
        ) : (
          <ul className="divide-y divide-base-300">
            {suggestions.map((c) => (
              <li key={c.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center">
                <span className="flex min-w-0 flex-1 items-center gap-3">
                  <FlagIcon className="shrink-0 text-primary" />
                  <span className="min-w-0">
                    <Link to={`/challenges/${c.id}`} className="link-hover link block wrap-anywhere font-medium">
                      {c.name}
                    </Link>
                    <span className="block wrap-anywhere text-xs text-base-content/60">
                      {c.courseName ?? (c.courseMode === "hybrid" ? "Any Course" : "Course not specified")} ·{" "}
                      {new Set([...c.birdiedHoles, ...c.eagleHoles]).size} / 18 birdied
                    </span>
                  </span>
                </span>
                <Link to={`/record-birdies/${c.id}`} className="btn btn-outline btn-primary btn-sm">
                  <TargetIcon />
                  Record Birdie
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}

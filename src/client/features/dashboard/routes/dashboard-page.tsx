import { useDeferredValue } from "react";
import { Link } from "../../../lib/router";
import { FlagIcon, PlusIcon, TargetIcon, UsersIcon } from "../../../components/ui/icons";
import { currentChallenge } from "../../../../shared/domain/challenge-timing";
import { AdBanner, AdDivider } from "../../ads/public";
import { useCurrentUser } from "../../../hooks/use-current-user";
import { useMyChallenges } from "../../birdies/public";
import { ChatCardSlot } from "../../chat/public";
import { ChallengeLeaderboardWidget } from "../components/challenge-leaderboard-widget";
import { CurrentChallengeCard } from "../components/current-challenge-card";
import { RecentAchievementsWidget } from "../components/recent-achievements-widget";
import { greetingName } from "../lib/greeting-name";
import { InstallAppCard } from "../../pwa/public";
import { usePageTitle } from "../../../hooks/use-page-title";
import { isNewAccountVisit } from "../../../lib/first-visit";
import { useKeptDataRestored, useOnlineStatus } from "../../offline/public";
import { useDashboard } from "../hooks/use-dashboard";
import { useFollowOwnProgress } from "../hooks/use-follow-own-progress";
import { useRevealInStages } from "../../../hooks/use-reveal-in-stages";
import { trpc } from "../../../lib/trpc";
import { useQueryClient } from "@tanstack/react-query";
import { getQueryKey } from "@trpc/react-query";

export function DashboardPage() {
  usePageTitle("Dashboard");
  const { user } = useCurrentUser();
  const newAccount = isNewAccountVisit(user?.id);
  // One request for the whole screen (GET /api/dashboard, started before React rendered); the
  // widgets mount once it has filled their queries' caches, so they send nothing of their own.
  const dashboard = useDashboard();
  // With no network the widgets show what the device kept from their own queries (ADR 0029)
  // instead of waiting for a request that cannot be answered.
  const online = useOnlineStatus();
  // What the device kept from the last visit shows at once while the request brings the new
  // (ADR 0051): an observer only, so a first visit sends no list request of its own. Not once it
  // is marked stale: the widgets would ask for it again beside the request that brings it.
  const kept = trpc.challenges.list.useQuery(undefined, { enabled: false });
  const queryClient = useQueryClient();
  const showKept =
    kept.data !== undefined &&
    !queryClient.getQueryState(getQueryKey(trpc.challenges.list, undefined, "query"))?.isInvalidated;
  // The answer comes as a sync update of the query's store: mounting the widgets in that render was
  // one task of ~50 ms or more on a 4x-slowed phone after the first paint. Deferred, the page first
  // renders again as it was, then mounts them as a transition, in slices (ADR 0073).
  const ready = useDeferredValue(dashboard.isSuccess || dashboard.isError || !online || showKept);

  return (
    <div className="space-y-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:items-end sm:justify-between">
        <div className="min-w-0">
          {/* A brand-new golfer is welcomed, not welcomed back (the visit the account was made in). */}
          <h1 className="break-words text-2xl font-bold tracking-tight sm:text-3xl">
            {newAccount ? "Welcome to Birdie Challenge" : "Welcome back"}, {greetingName(user?.displayName)}!
          </h1>
          <p className="mt-1 text-base-content/70">
            {newAccount ? "Your birdie journey starts here" : "Your birdie journey continues"}
          </p>
        </div>
        <Link to="/record-birdies" className="btn btn-primary shrink-0">
          <TargetIcon className="text-lg" />
          Record Birdie
        </Link>
      </header>

      {/* Nothing renders in ad-free mode or without an affiliate address. */}
      <AdBanner placement="dashboard-top" />
      <InstallAppCard />

      {ready ? <DashboardWidgets /> : <DashboardPlaceholder />}
    </div>
  );
}

/** The space the widgets will take while the data loads, so nothing below jumps (CLS). */
function DashboardPlaceholder() {
  return (
    <div className="grid gap-6 lg:grid-cols-3" role="status" aria-label="Loading your dashboard">
      <div className="min-w-0 space-y-6 lg:col-span-2">
        <div className="card h-[28rem] border border-base-300 bg-base-100">
          <div className="card-body items-center justify-center">
            <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
          </div>
        </div>
      </div>
      <SideColumnPlaceholder />
    </div>
  );
}

/** The achievements' and chat's space while they load. */
function SideColumnPlaceholder() {
  return (
    <div className="min-w-0 space-y-6" aria-hidden="true">
      <div className="card h-48 border border-base-300 bg-base-100" />
      <div className="card h-[500px] border border-base-300 bg-base-100" />
    </div>
  );
}

function DashboardWidgets() {
  // Rounds recorded elsewhere show up in the list's poll; the card, board and achievements follow.
  const challenges = useMyChallenges({ poll: true });
  useFollowOwnProgress(challenges.data);
  // Offline the list waits (paused) until the device's copy is restored: "No Active Challenges"
  // only once that copy is known to hold none.
  const online = useOnlineStatus();
  const restored = useKeptDataRestored();
  const loading = challenges.isLoading || (challenges.isPending && !online && !restored);
  // docs/product/rules.md#time-texts: the current challenge is the first in the list whose end is
  // still in the future.
  const current = currentChallenge(challenges.data ?? []);
  // The first commit holds what a phone's first screen shows (the current challenge's card); the
  // rest follows a frame at a time (useRevealInStages): the challenge's board, then the
  // achievements, then the chat. No single commit mounts them all (issue 19: a phone's main thread
  // blocked while the page fills). Until its turn the side column keeps the loading placeholder's
  // space, so nothing beside it moves; the rest is added below what is painted.
  const stage = useRevealInStages(3);
  return (
    <div className="grid gap-6 lg:grid-cols-3">
      <div className="min-w-0 space-y-6 lg:col-span-2">
        {loading ? (
          <div className="card border border-base-300 bg-base-100">
            <div className="card-body items-center py-12" role="status" aria-label="Loading your challenge">
              <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
            </div>
          </div>
        ) : current ? (
          <>
            <CurrentChallengeCard challenge={current} />
            {stage >= 1 && (
              <>
                <AdDivider />
                <ChallengeLeaderboardWidget challengeId={current.id} challengeName={current.name} />
              </>
            )}
          </>
        ) : (
          <NoActiveChallenges />
        )}
      </div>
      {stage >= 2 ? (
        <div className="min-w-0 space-y-6">
          <RecentAchievementsWidget />
          {/* Chat slot: the chat feature mounts its Challenge chat card (docs/product/routes-and-screens.md#challenge-chat-card) inside this wrapper. */}
          {stage >= 3 && (
            <div data-slot="chat" className="empty:hidden">
              <ChatCardSlot />
            </div>
          )}
        </div>
      ) : (
        <SideColumnPlaceholder />
      )}
    </div>
  );
}

function NoActiveChallenges() {
  return (
    <section aria-labelledby="no-challenges-title" className="card border border-dashed border-base-300 bg-base-100">
      <div className="card-body items-center px-6 py-12 text-center">
        <span className="flex size-16 items-center justify-center rounded-full bg-primary/10 text-3xl text-primary">
          <FlagIcon />
        </span>
        <h2 id="no-challenges-title" className="mt-2 text-xl font-semibold">
          No Active Challenges
        </h2>
        <p className="max-w-md text-base-content/70">
          Start a challenge on your favourite course, or join one a friend has shared with you.
        </p>
        <div className="mt-4 flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
          <Link to="/challenges/new" className="btn btn-primary">
            <PlusIcon className="text-lg" />
            Create Challenge
          </Link>
          <Link to="/join" className="btn btn-outline btn-primary">
            <UsersIcon className="text-lg" />
            Join Challenge
          </Link>
        </div>
      </div>
    </section>
  );
}

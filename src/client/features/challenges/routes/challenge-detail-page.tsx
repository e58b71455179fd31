import { AdCard } from "../../ads/public";
import { type ReactNode, useCallback, useEffect, useReducer, useRef, useState } from "react";
import { Link, useLocation, useParams, useSearchParams } from "../../../lib/router";
import { courseModeLabel } from "../../../../shared/domain/challenge-courses";
import { challengeStatus, startsText } from "../../../../shared/domain/challenge-timing";
import { ShareIcon, TrophyIcon } from "../../../components/ui/icons";
import { AlertIcon, TargetIcon } from "../../../components/ui/icons";
import { PageSpinner } from "../../../components/ui/page-spinner";
import { TabList, TabPanels } from "../../../components/ui/tabs";
import { isNotFound } from "../../../lib/error-codes";
import { errorMessage } from "../../../lib/errors";
import { useCurrentUser } from "../../../hooks/use-current-user";
import { ChatCardSlot } from "../../chat/public";
import { EditBirdies, YourProgress } from "../../birdies/public";
import { ChallengeLeaderboardTab, TopPlayers } from "../../leaderboards/public";
import { HoleLegendsCard } from "../../results/public";
import { FairPlayFlagsCard } from "../../fairplay/public";
import { ChallengeInfoCard } from "../components/challenge-info-card";
import { ChallengeNotFound } from "../components/challenge-not-found";
import { CreatorControls } from "../components/creator-controls";
import { InviteCard } from "../components/invite-card";
import { LeaveChallengeCard } from "../components/leave-challenge-card";
import { PageHeader } from "../components/page-header";
import { RulesInfoTab } from "../components/rules-info-tab";
import { parseChallengeId, useChallenge, useChallengePlayers } from "../hooks/use-challenges";
import { useNow } from "../../../hooks/use-now";
import { usePageTitle } from "../../../hooks/use-page-title";
import { useRevealInStages } from "../../../hooks/use-reveal-in-stages";

type Tab = "overview" | "leaderboard" | "rules";
const TABS: { id: Tab; label: string }[] = [
  { id: "overview", label: "Overview" },
  { id: "leaderboard", label: "Leaderboard" },
  { id: "rules", label: "Rules & Info" },
];
const isTab = (v: string | null): v is Tab => TABS.some((t) => t.id === v);

// docs/product/routes-and-screens.md#challenge-detail: the invite card is highlighted for 2 s after
// the header's Invite button.
const INVITE_HIGHLIGHT_MS = 2000;

const STATUS_BADGE = {
  active: { label: "Active", className: "badge-success" },
  upcoming: { label: "Upcoming", className: "badge-info" },
  past: { label: "Ended", className: "badge-ghost" },
} as const;

export function ChallengeDetailPage() {
  const { id: rawId } = useParams();
  const id = parseChallengeId(rawId);
  const { user } = useCurrentUser();
  const challenge = useChallenge(id);
  const players = useChallengePlayers(id ?? 0, id !== null && challenge.isSuccess);
  const now = useNow();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get("tab");
  const tab: Tab = isTab(requested) ? requested : "overview";
  const [highlightInvite, setHighlightInvite] = useState(false);
  const [scrollToInvite, setScrollToInvite] = useState(false);
  // The Overview mounts the card a render after the tab (see ChallengeOverview), so a scroll asked
  // for before it exists runs again once it mounts: only then does the card's arrival re-render
  // the page. Kept in state every time, the card's mounting re-rendered the whole page as a sync
  // update inside the commit that showed it (issue 19, TBT).
  const inviteCard = useRef<HTMLElement | null>(null);
  const [cardArrivals, cardArrived] = useReducer((n: number) => n + 1, 0);
  const inviteRef = useCallback(
    (node: HTMLElement | null) => {
      inviteCard.current = node;
      if (node && scrollToInvite) cardArrived();
    },
    [scrollToInvite],
  );
  // Arriving from the create form (docs/product/routes-and-screens.md#challenge-detail): the share
  // card leads the page until the golfer moves on.
  const location = useLocation();
  const justCreated = (location.state as { created?: boolean } | null)?.created === true;
  const notFound = id === null || (challenge.isError && isNotFound(challenge.error));
  usePageTitle(notFound ? "Challenge Not Found" : (challenge.data?.name ?? "Challenge"));

  function select(next: Tab) {
    // A tab is not a new page: the router must not scroll back to the top.
    setSearchParams(next === "overview" ? {} : { tab: next }, { replace: true, preventScrollReset: true });
  }

  function showInvite() {
    if (tab !== "overview" && !justCreated) select("overview");
    setScrollToInvite(true);
  }

  // After the Overview tab has rendered the card: bring its top into view under the sticky header
  // (scroll-padding), focus it and light it up briefly (WCAG 2.4.7).
  // biome-ignore lint/correctness/useExhaustiveDependencies: cardArrivals re-runs it once the card has mounted.
  useEffect(() => {
    const card = inviteCard.current;
    // Waits for the Overview tab (the tab change is a navigation, later than this state) and its
    // card, unless the card leads the page; the card's arrival runs this again once it is there.
    if (!scrollToInvite || !card || (tab !== "overview" && !justCreated)) return;
    setScrollToInvite(false);
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    card.scrollIntoView({ behavior: still ? "auto" : "smooth", block: "start" });
    card.focus({ preventScroll: true });
    setHighlightInvite(true);
  }, [scrollToInvite, tab, justCreated, cardArrivals]);

  useEffect(() => {
    if (!highlightInvite) return;
    const timer = setTimeout(() => setHighlightInvite(false), INVITE_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [highlightInvite]);

  if (id === null) return <ChallengeNotFound />;
  if (challenge.isPending) return <PageSpinner label="Loading challenge..." />;
  if (challenge.isError) {
    if (isNotFound(challenge.error)) return <ChallengeNotFound />;
    return (
      <div role="alert" className="alert alert-error alert-soft">
        <AlertIcon className="text-lg" />
        <span>{errorMessage(challenge.error, "Failed to load the challenge")}</span>
        <button type="button" className="btn btn-sm" onClick={() => void challenge.refetch()}>
          Try again
        </button>
      </div>
    );
  }

  const data = challenge.data;
  const status = challengeStatus(data.startDate, data.endDate, now);
  const badge = STATUS_BADGE[status];

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        backTo="/challenges"
        backLabel="My Challenges"
        title={data.name}
        subtitle={
          <span className="flex flex-wrap items-center gap-2">
            <span className={`badge badge-sm ${badge.className}`}>{badge.label}</span>
            <span className="badge badge-sm badge-outline">{courseModeLabel(data.courseMode)}</span>
            <span className="min-w-0 break-words">{data.courseInfo}</span>
          </span>
        }
        actions={
          <>
            <button type="button" className="btn btn-outline btn-primary flex-1 sm:flex-none" onClick={showInvite}>
              <ShareIcon />
              Invite
            </button>
            {/* Only a running challenge takes records (docs/product/rules.md#recording-window). */}
            {status === "active" ? (
              <Link to={`/record-birdies/${data.id}`} className="btn btn-primary flex-1 sm:flex-none">
                <TargetIcon className="text-lg" />
                Record Birdie
              </Link>
            ) : status === "upcoming" ? (
              <span
                className="flex flex-1 items-center justify-center text-sm font-medium sm:flex-none"
                data-testid="starts-on"
              >
                {startsText(data.startDate)}
              </span>
            ) : (
              // Ended: the frozen final results (docs/product/routes-and-screens.md#final-results).
              <Link to={`/challenges/${data.id}/results`} className="btn btn-primary flex-1 sm:flex-none">
                <TrophyIcon className="text-lg" />
                Final results
              </Link>
            )}
          </>
        }
      />

      {justCreated && <InviteCard ref={inviteRef} challenge={data} highlighted={highlightInvite} created />}

      <TabList
        idPrefix="challenge"
        label="Challenge sections"
        tabs={TABS}
        selected={tab}
        onSelect={select}
        className="tabs tabs-box grid grid-cols-3"
        tabClassName="h-auto min-h-10 px-1 text-sm sm:text-base"
      />

      <TabPanels idPrefix="challenge" tabs={TABS} selected={tab}>
        {tab === "overview" && (
          <ChallengeOverview
            challenge={data}
            players={players}
            now={now}
            userId={user?.id}
            invite={justCreated ? null : <InviteCard ref={inviteRef} challenge={data} highlighted={highlightInvite} />}
          />
        )}
        {tab === "leaderboard" && <ChallengeLeaderboardTab challengeId={data.id} />}
        {tab === "rules" && <RulesInfoTab challenge={data} />}
      </TabPanels>
    </div>
  );
}

type OverviewProps = {
  challenge: NonNullable<ReturnType<typeof useChallenge>["data"]>;
  players: ReturnType<typeof useChallengePlayers>;
  now: number;
  userId: number | undefined;
  /** The invite card, unless it leads the page (just created). */
  invite: ReactNode;
};

/**
 * The Overview tab. Its first render holds what a phone's first screen shows (the flags for the
 * creator, Your Progress); the cards below follow a frame at a time (useRevealInStages): the
 * golfer's records and the top players, then the hole legends and the side column, then the chat.
 * The header paints without waiting for any of them, and no single commit mounts them all (each
 * took a phone's main thread 60-90 ms at once). On a wide screen the side column appears beside
 * content that does not move.
 */
function ChallengeOverview({ challenge: data, players, now, userId, invite }: OverviewProps) {
  const stage = useRevealInStages(3);
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
      <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
        {data.isCreator && <FairPlayFlagsCard challengeId={data.id} />}
        <YourProgress challengeId={data.id} />
        {stage >= 1 && (
          <>
            <EditBirdies challengeId={data.id} />
            <TopPlayers challengeId={data.id} />
          </>
        )}
        {stage >= 2 && <HoleLegendsCard challengeId={data.id} />}
      </div>
      {stage >= 2 && (
        <div className="flex min-w-0 flex-col gap-6 lg:row-span-2">
          <ChallengeInfoCard challenge={data} players={players.data} now={now} />
          {invite}
          <AdCard placement="challenge-detail" />
          {data.isCreator && userId !== undefined && (
            <CreatorControls
              challenge={data}
              players={players.data}
              playersLoading={players.isPending}
              currentUserId={userId}
            />
          )}
          {!data.isCreator && <LeaveChallengeCard challenge={data} />}
        </div>
      )}
      {stage >= 3 && (
        // Under the left column on wide screens, last on phones: focusing the chat input scrolls the page to the bottom (docs/product/routes-and-screens.md#challenge-chat-card).
        <div className="min-w-0 lg:col-span-2">
          <ChatCardSlot challengeId={data.id} />
        </div>
      )}
    </div>
  );
}

import { AdDivider } from "../../ads/public";
import { useMemo } from "react";
import { Link, useSearchParams } from "../../../lib/router";
import { type ChallengeStatus, partitionByStatus } from "../../../../shared/domain/challenge-timing";
import { UsersIcon } from "../../../components/ui/icons";
import { AlertIcon, PlusIcon } from "../../../components/ui/icons";
import { PageSpinner } from "../../../components/ui/page-spinner";
import { TabList, TabPanels } from "../../../components/ui/tabs";
import { errorMessage } from "../../../lib/errors";
import { ChallengeCard } from "../components/challenge-card";
import { ChallengesEmptyState } from "../components/challenges-empty-state";
import { PageHeader } from "../components/page-header";
import { useMyChallenges } from "../hooks/use-challenges";
import { useNow } from "../../../hooks/use-now";
import { usePageTitle } from "../../../hooks/use-page-title";

const TABS: { id: ChallengeStatus; label: string }[] = [
  { id: "active", label: "Active" },
  { id: "upcoming", label: "Upcoming" },
  { id: "past", label: "Past" },
];

const isTab = (value: string | null): value is ChallengeStatus => TABS.some((t) => t.id === value);

export function ChallengesPage() {
  usePageTitle("My Challenges");
  const { data, isPending, isError, error, refetch, isRefetching } = useMyChallenges();
  const now = useNow();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get("tab");
  const tab: ChallengeStatus = isTab(requested) ? requested : "active";
  const groups = useMemo(() => partitionByStatus(data ?? [], now), [data, now]);

  function select(next: ChallengeStatus) {
    // The tab lives in the URL so Back and a reload keep it.
    setSearchParams(next === "active" ? {} : { tab: next }, { replace: true, preventScrollReset: true });
  }

  return (
    <div className="flex flex-col gap-6">
      <PageHeader
        title="My Challenges"
        subtitle="Track every challenge you play in, from tee time to trophy."
        actions={
          <>
            <Link to="/join" className="btn btn-outline btn-primary flex-1 sm:flex-none">
              <UsersIcon className="text-lg" />
              Join Challenge
            </Link>
            <Link to="/challenges/new" className="btn btn-primary flex-1 sm:flex-none">
              <PlusIcon className="text-lg" />
              Create Challenge
            </Link>
          </>
        }
      />

      <TabList
        idPrefix="challenges"
        label="Challenges by status"
        tabs={TABS.map((t) => ({
          id: t.id,
          label: (
            <>
              {t.label}
              <span className={`badge badge-sm ${t.id === tab ? "badge-primary" : "badge-ghost"}`}>
                {data ? groups[t.id].length : "–"}
                <span className="sr-only"> challenges</span>
              </span>
            </>
          ),
        }))}
        selected={tab}
        onSelect={select}
        className="tabs tabs-box grid grid-cols-3"
        tabClassName="gap-2 px-2"
      />

      <TabPanels idPrefix="challenges" tabs={TABS} selected={tab} aria-busy={isRefetching || undefined}>
        {isPending ? (
          <PageSpinner label="Loading challenges..." />
        ) : isError ? (
          <div role="alert" className="alert alert-error alert-soft">
            <AlertIcon className="text-lg" />
            <span>{errorMessage(error, "Failed to fetch challenges")}</span>
            <button type="button" className="btn btn-sm" onClick={() => void refetch()}>
              Try again
            </button>
          </div>
        ) : groups[tab].length === 0 ? (
          <ChallengesEmptyState status={tab} hasAnyChallenge={data.length > 0} />
        ) : (
          <>
            <ul
              className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3"
              aria-label={`${TABS.find((t) => t.id === tab)?.label} challenges`}
            >
              {groups[tab].map((challenge) => (
                <li key={challenge.id}>
                  <ChallengeCard challenge={challenge} now={now} />
                </li>
              ))}
            </ul>
            {/* Divider ads only in a tab with at least 3 challenges (docs/product/routes-and-screens.md#my-challenges). */}
            {groups[tab].length >= 3 && <AdDivider className="mt-4" />}
          </>
        )}
      </TabPanels>
    </div>
  );
}

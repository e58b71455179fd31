import { routeChallengeId } from "../../../../shared/domain/page-data";
import { type ReactNode, useDeferredValue } from "react";
import { Link, useParams } from "../../../lib/router";
import { FlagIcon, PlusIcon, UsersIcon } from "../../../components/ui/icons";
import { PageSpinner } from "../../../components/ui/page-spinner";
import { errorMessage } from "../../../lib/errors";
import { challengeStatus } from "../../../../shared/domain/challenge-timing";
import { RecordBirdiesForm } from "../components/record-birdies-form";
import { useMyChallenges } from "../hooks/use-birdies";
import { usePageTitle } from "../../../hooks/use-page-title";

/** /record-birdies and /record-birdies/{challengeId} (docs/product/routes-and-screens.md#record-birdies). */
export function RecordBirdiesPage() {
  const params = useParams();
  const lockedId = params.challengeId === undefined ? null : routeChallengeId(params.challengeId);
  const challenges = useMyChallenges();
  // The answer comes as a sync update of the query's store: rendered at once, the whole form would
  // be one task of ~100 ms on a 4x-slowed phone, after the first paint (Total Blocking Time).
  // Deferred, the page first renders again as it was (cheap), then renders the form as a
  // transition, in slices (ADR 0073). Data already cached (a visit from another page) is used at once.
  const data = useDeferredValue(challenges.data);
  const now = Date.now();
  // Rounds can only be recorded while a challenge runs (docs/product/rules.md#recording-window).
  const active = (data ?? []).filter((c) => challengeStatus(c.startDate, c.endDate, now) === "active");
  const locked = lockedId === null ? null : (data ?? []).find((c) => c.id === lockedId);
  usePageTitle("Record Birdies", locked?.name);

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Record Birdies</h1>
        <p className="mt-1 text-base-content/70">
          Mark the holes you birdied or eagled and have your playing partner verify them.
        </p>
      </header>
      {challenges.isLoading || (data === undefined && challenges.data !== undefined) ? (
        <PageSpinner label="Loading challenges..." />
      ) : challenges.isError ? (
        <p role="alert" className="alert alert-error">
          {errorMessage(challenges.error, "Could not load your challenges.")}
        </p>
      ) : params.challengeId !== undefined && !locked ? (
        <Notice title="Challenge Not Found" text="This challenge does not exist or you are not one of its players.">
          <Link to="/challenges" className="btn btn-primary">
            My Challenges
          </Link>
        </Notice>
      ) : locked && challengeStatus(locked.startDate, locked.endDate, now) !== "active" ? (
        <Notice
          title={
            challengeStatus(locked.startDate, locked.endDate, now) === "upcoming"
              ? "This challenge has not started yet"
              : "This challenge has ended"
          }
          text="Birdies can only be recorded while a challenge is running."
        >
          <Link to={`/challenges/${locked.id}`} className="btn btn-primary">
            View Challenge
          </Link>
        </Notice>
      ) : active.length === 0 ? (
        <Notice title="No Active Challenges" text="Join or create a challenge to start recording birdies.">
          <Link to="/challenges/new" className="btn btn-primary">
            <PlusIcon className="text-lg" />
            Create Challenge
          </Link>
          <Link to="/join" className="btn btn-outline btn-primary">
            <UsersIcon className="text-lg" />
            Join Challenge
          </Link>
        </Notice>
      ) : (
        // Keyed so following a link to another challenge starts a fresh form.
        <RecordBirdiesForm key={lockedId ?? "any"} challenges={active} lockedChallengeId={locked ? locked.id : null} />
      )}
    </div>
  );
}

function Notice({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  return (
    <section className="card border border-dashed border-base-300 bg-base-100">
      <div className="card-body items-center px-6 py-12 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-2xl text-primary">
          <FlagIcon />
        </span>
        <h2 className="mt-2 text-xl font-semibold">{title}</h2>
        <p className="max-w-md text-base-content/70">{text}</p>
        <div className="mt-4 flex w-full flex-col gap-2 sm:w-auto sm:flex-row">{children}</div>
      </div>
    </section>
  );
}

import { Link, useParams } from "../../../lib/router";
import { namesList } from "../../../../shared/domain/results";
import type { ChallengeResults, ResultStanding } from "../../../../shared/schemas/results";
import { AlertIcon, ArrowLeftIcon, TrophyIcon } from "../../../components/ui/icons";
import { PageSpinner } from "../../../components/ui/page-spinner";
import { isConflict, isNotFound } from "../../../lib/error-codes";
import { errorMessage } from "../../../lib/errors";
import { trpc } from "../../../lib/trpc";
import { usePageTitle } from "../../../hooks/use-page-title";
import { cardUrl, ShareResults } from "../components/share-results";

// /challenges/:id/results (docs/product/routes-and-screens.md#final-results): the frozen final
// board of an ended challenge: podium, winner(s), how it was decided, every player, the share card.

const MEDAL_CLASS = ["bg-yellow-400 text-yellow-950", "bg-slate-300 text-slate-900", "bg-amber-600 text-amber-50"];

const pointsText = (n: number) => `${n} ${n === 1 ? "point" : "points"}`;

function winnersText(r: ChallengeResults): string {
  const names = r.winners.map((w) => w.displayName);
  if (!names.length) return "No winner";
  return `${names.length > 1 ? "Winners" : "Winner"}: ${namesList(names)}`;
}

export function ResultsPage() {
  const { id: rawId } = useParams();
  const id = /^\d{1,10}$/.test(rawId ?? "") ? Number(rawId) : null;
  const results = trpc.results.final.useQuery({ id: id ?? 0 }, { enabled: id !== null, retry: false });
  usePageTitle("Final Results", results.data?.challengeName);
  const back = (
    <Link
      to={id ? `/challenges/${id}` : "/challenges"}
      className="btn btn-ghost btn-sm h-auto min-h-11 max-w-full -ml-3 self-start whitespace-normal"
    >
      <ArrowLeftIcon className="text-base" />
      Back to the challenge
    </Link>
  );
  if (id === null || (results.isError && isNotFound(results.error))) {
    return (
      <div className="flex flex-col gap-4">
        {back}
        <h1 className="text-2xl font-bold">Challenge not found</h1>
        <p>This challenge does not exist, or you do not play in it.</p>
      </div>
    );
  }
  if (results.isPending) return <PageSpinner label="Loading the final results..." />;
  if (results.isError) {
    return (
      <div className="flex flex-col gap-4">
        {back}
        <h1 className="text-2xl font-bold">Final results</h1>
        <div role={isConflict(results.error) ? "status" : "alert"} className="alert alert-soft alert-info">
          <AlertIcon className="text-lg" />
          <span>{errorMessage(results.error, "Could not load the final results.")}</span>
        </div>
      </div>
    );
  }
  const r = results.data;
  const podium = r.standings.filter((s) => s.points > 0).slice(0, 3);
  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-3">
        {back}
        <div>
          <p className="text-sm font-semibold uppercase tracking-wide text-base-content/70">Final results</p>
          <h1 className="break-words text-2xl font-bold tracking-tight sm:text-3xl">{r.challengeName}</h1>
        </div>
      </header>

      <section aria-labelledby="results-winner" className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-3 p-4 sm:p-6">
          <h2 id="results-winner" className="flex items-center gap-2 break-words text-xl font-bold">
            <TrophyIcon className="shrink-0 text-warning" />
            {winnersText(r)}
          </h2>
          <p data-testid="decided-by">{r.decidedByText}</p>
          <p className="text-sm text-base-content/70">{r.winRule}</p>
          {podium.length > 0 && (
            <ol aria-label="Podium" className="grid gap-3 sm:grid-cols-3">
              {podium.map((s) => (
                <PodiumPlace key={s.position} standing={s} />
              ))}
            </ol>
          )}
        </div>
      </section>

      <section aria-labelledby="results-share" className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-3 p-4 sm:p-6">
          <h2 id="results-share" className="card-title text-lg">
            Share the results
          </h2>
          <img
            src={cardUrl(r.challengeId)}
            alt={`Results card: ${r.challengeName}. ${winnersText(r)}.`}
            width={1200}
            height={630}
            className="h-auto w-full max-w-xl rounded-box border border-base-300"
            loading="lazy"
          />
          <ShareResults challengeId={r.challengeId} challengeName={r.challengeName} />
        </div>
      </section>

      <section aria-labelledby="results-board" className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-3 p-4 sm:p-6">
          <h2 id="results-board" className="card-title text-lg">
            Final standings
          </h2>
          <p className="text-sm text-base-content/70">
            Frozen when the challenge ended: later changes do not alter it.
          </p>
          {/* Focusable so keyboard users can scroll the table sideways on a phone (it holds no controls). */}
          <div
            className="overflow-x-auto rounded-box focus-visible:outline-2 focus-visible:outline-primary"
            tabIndex={0}
            role="region"
            aria-label="Final standings table"
          >
            <table className="table">
              <caption className="sr-only">Final standings of {r.challengeName}</caption>
              <thead>
                <tr>
                  <th scope="col">Rank</th>
                  <th scope="col">Golfer</th>
                  <th scope="col">Points</th>
                  <th scope="col">Birdies</th>
                  <th scope="col">Eagles</th>
                  <th scope="col">Holes</th>
                </tr>
              </thead>
              <tbody>
                {r.standings.map((s) => (
                  <tr key={s.position}>
                    <td>{s.rank}</td>
                    <th scope="row" className="break-words font-medium">
                      {s.displayName}
                      {s.winner && <span className="badge badge-sm badge-warning ml-2">Winner</span>}
                    </th>
                    <td>{s.points}</td>
                    <td>{s.birdies}</td>
                    <td>{s.eagles}</td>
                    <td>{s.holes}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      </section>
    </div>
  );
}

function PodiumPlace({ standing: s }: { standing: ResultStanding }) {
  return (
    <li className="flex items-center gap-3 rounded-box border border-base-300 p-3">
      <span
        className={`flex size-11 shrink-0 items-center justify-center rounded-full text-lg font-bold ${MEDAL_CLASS[s.rank - 1] ?? "bg-base-300"}`}
        aria-hidden="true"
      >
        {s.rank}
      </span>
      <span className="sr-only">Rank {s.rank}:</span>
      <span className="min-w-0">
        <span className="block break-words font-semibold">{s.displayName}</span>
        <span className="block text-sm text-base-content/70">{pointsText(s.points)}</span>
      </span>
    </li>
  );
}

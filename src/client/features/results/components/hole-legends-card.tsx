import type { HoleLegend } from "../../../../shared/schemas/results";
import { monthDayText } from "../../../../shared/domain/date-text";
import { trpc } from "../../../lib/trpc";

/** "Hole 7 legend: Alice, Nov 12" for holes someone has birdied; open holes listed after. */
export function legendLines(holes: readonly HoleLegend[]): { legends: string[]; open: number[] } {
  const legends: string[] = [];
  const open: number[] = [];
  for (const h of holes) {
    if (!h.firstBy) open.push(h.holeNumber);
    else legends.push(`Hole ${h.holeNumber} legend: ${h.firstBy.displayName}, ${shortDate(h.firstBy.date)}`);
  }
  return { legends, open };
}

// The day played (a UTC calendar day) in the app's fixed wording (docs/product/rules.md#time-texts).
const shortDate = (day: string) => monthDayText(Date.parse(`${day}T12:00:00Z`), "UTC");

/**
 * Challenge detail Overview 'Hole Legends' (docs/product/rules.md#hole-legends): who birdied each
 * hole first, the holes still open, and the challenge's data to take away.
 */
export function HoleLegendsCard({ challengeId }: { challengeId: number }) {
  const holes = trpc.results.holes.useQuery({ id: challengeId });
  const headingId = `hole-legends-${challengeId}`;
  const { legends, open } = legendLines(holes.data ?? []);
  return (
    <section aria-labelledby={headingId} className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-3 p-4 sm:p-6">
        <h2 id={headingId} className="card-title text-lg">
          Hole Legends
        </h2>
        {holes.isPending ? (
          <p className="text-sm text-base-content/70">Loading hole legends...</p>
        ) : holes.isError ? (
          <p className="text-sm text-error">Could not load the hole legends.</p>
        ) : (
          <>
            {legends.length === 0 ? (
              <p className="text-sm text-base-content/70">
                Nobody has birdied a hole yet: every legend is up for grabs.
              </p>
            ) : (
              <ul className="space-y-1 text-sm" aria-label="First birdie on each hole">
                {legends.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
            {open.length > 0 && legends.length > 0 && (
              <p className="text-sm" data-testid="open-holes">
                <span className="font-semibold">Open holes:</span> {open.join(", ")}
              </p>
            )}
          </>
        )}
        <div className="flex flex-wrap gap-2 pt-1">
          <a
            className="btn btn-outline btn-sm h-auto min-h-11 max-w-full whitespace-normal"
            href={`/api/challenges/${challengeId}/records.csv`}
            download
          >
            Download records (CSV)
          </a>
          <a
            className="btn btn-outline btn-sm h-auto min-h-11 max-w-full whitespace-normal"
            href={`/api/challenges/${challengeId}/calendar.ics`}
            download
          >
            Add to calendar
          </a>
        </div>
      </div>
    </section>
  );
}

import { courseModeLabel } from "../../../../shared/domain/challenge-courses";
import { formatChallengeDate } from "../../../../shared/domain/challenge-timing";
import type { ChallengeListItem } from "../../../../shared/schemas/challenges";
import { ruleLines, TIEBREAKER_LABELS } from "../lib/challenge-rules";
import { BIRDIE_POINTS, EAGLE_POINTS } from "../../../../shared/domain/scoring";
import { pointsText } from "../../../lib/points";

/** The Rules & Info tab: the creator's rules, the scoring rules and every setting. */
export function RulesInfoTab({ challenge }: { challenge: ChallengeListItem }) {
  const rows: [string, string][] = [
    ["Created by", challenge.creatorName],
    ["Starts", formatChallengeDate(challenge.startDate)],
    ["Ends", formatChallengeDate(challenge.endDate)],
    ["Course mode", courseModeLabel(challenge.courseMode)],
    ["Courses", challenge.courseInfo],
    ["Tiebreaker", TIEBREAKER_LABELS[challenge.tiebreaker]],
    ...(challenge.tiebreaker === "firstToThreshold"
      ? ([["Threshold", `${challenge.tiebreakerThreshold} holes`]] as [string, string][])
      : []),
    ["Multiple birdies per hole", challenge.allowMultipleBirdies ? "Allowed" : "Not allowed"],
    ["Eagle bonus", challenge.eagleBonus ? "On" : "Off"],
    ["Partner confirmation", challenge.requireConfirmation ? "Required: only confirmed records count" : "Not required"],
  ];
  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
      <section aria-labelledby="rules-title" className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-4 p-5">
          <h2 id="rules-title" className="card-title text-lg">
            Rules
          </h2>
          {challenge.rules ? (
            <p className="whitespace-pre-line break-words">{challenge.rules}</p>
          ) : (
            <p className="text-base-content/70">The creator has not added any house rules.</p>
          )}
          <h3 className="text-sm font-semibold">Scoring</h3>
          <ul className="list-disc space-y-1.5 pl-5 text-sm">
            {ruleLines(challenge).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p className="flex flex-wrap gap-2 text-xs">
            <span className="badge badge-primary">Birdie {pointsText(BIRDIE_POINTS)}</span>
            <span className="badge badge-accent">Eagle {pointsText(EAGLE_POINTS)}</span>
          </p>
        </div>
      </section>
      <section aria-labelledby="details-title" className="card border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body gap-4 p-5">
          <h2 id="details-title" className="card-title text-lg">
            Challenge Details
          </h2>
          <dl className="divide-y divide-base-300 text-sm">
            {rows.map(([term, value]) => (
              <div key={term} className="flex justify-between gap-4 py-2">
                <dt className="text-base-content/70">{term}</dt>
                <dd className="min-w-0 break-words text-right font-medium">{value}</dd>
              </div>
            ))}
          </dl>
          {challenge.description && (
            <p className="whitespace-pre-line break-words text-sm text-base-content/80">{challenge.description}</p>
          )}
        </div>
      </section>
    </div>
  );
}

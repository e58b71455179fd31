import { useState } from "react";
import { Link } from "../../../lib/router";
import { FlagIcon, TargetIcon } from "../../../components/ui/icons";
import { PendingSyncBadge, usePendingHoles } from "../../offline/public";
import { courseDisplayText, courseModeLabel } from "../../../../shared/domain/challenge-courses";
import { HOLES_PER_CHALLENGE } from "../../../../shared/domain/challenge-progress";
import { challengeStatus, startsText } from "../../../../shared/domain/challenge-timing";
import type { ChallengeListItem } from "../../../../shared/schemas/challenges";
import { HoleDetailsDialog, HoleStatusGrid, useOwnBirdies, holeStatuses } from "../../birdies/public";
import { useNow } from "../../../hooks/use-now";
import { endsInText } from "../lib/ends-in";

/** The dashboard's current challenge (docs/product/routes-and-screens.md#dashboard). */
export function CurrentChallengeCard({ challenge }: { challenge: ChallengeListItem }) {
  const now = useNow();
  const [openHole, setOpenHole] = useState<number | null>(null);
  const pending = usePendingHoles(challenge.id);
  // The hole list is read only once a hole is opened.
  // The records mark holes whose records wait for a confirmation, and fill the hole dialog.
  const records = useOwnBirdies(challenge.id);
  const statuses = holeStatuses(challenge, records.data);
  const holesDone = statuses.filter((h) => h.state !== "none").length;
  const titleId = `current-challenge-${challenge.id}`;

  return (
    <section
      aria-labelledby={titleId}
      className="card border border-base-300 bg-base-100 shadow-sm"
      data-testid="current-challenge-card"
    >
      <div className="card-body gap-5 p-4 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="text-xs font-semibold uppercase tracking-wide text-primary">Current Challenge</p>
            <h2 id={titleId} className="mt-1 break-words text-xl font-bold">
              {challenge.name}
            </h2>
            <p className="mt-1 flex items-center gap-1.5 text-sm text-base-content/70">
              <FlagIcon className="shrink-0" />
              <span className="min-w-0 break-words">
                {courseDisplayText(challenge.courseName, challenge.courseMode)}
              </span>
            </p>
          </div>
          <div className="flex flex-col items-start gap-1.5 sm:items-end">
            <span className="badge badge-outline badge-primary">{courseModeLabel(challenge.courseMode)}</span>
            <span className="text-sm font-medium" data-testid="ends-in">
              {endsInText(challenge.endDate, now)}
            </span>
          </div>
        </div>

        <div>
          <div className="flex items-baseline justify-between gap-2 text-sm">
            <span className="flex items-center gap-2 text-base-content/70">
              Progress
              {/* Rounds recorded offline and not yet sent (golf courses have dead spots). */}
              <PendingSyncBadge />
            </span>
            <span className="font-semibold" data-testid="birdied-count">
              {holesDone} / {HOLES_PER_CHALLENGE} birdied
            </span>
          </div>
          <progress
            className="progress progress-primary mt-2 w-full"
            value={holesDone}
            max={HOLES_PER_CHALLENGE}
            aria-label={`${holesDone} / ${HOLES_PER_CHALLENGE} birdied`}
          />
        </div>

        <div>
          <h3 className="mb-3 text-sm font-semibold">Hole Status</h3>
          <HoleStatusGrid
            holes={statuses}
            allowMultipleBirdies={challenge.allowMultipleBirdies}
            onHoleClick={setOpenHole}
            waitingToSync={pending}
          />
        </div>

        <div className="grid gap-2 sm:grid-cols-2">
          <Link to={`/challenges/${challenge.id}`} className="btn btn-outline btn-primary">
            View Challenge
          </Link>
          {/* An upcoming challenge takes no records yet (docs/product/rules.md#recording-window). */}
          {challengeStatus(challenge.startDate, challenge.endDate, now) === "active" ? (
            <Link to={`/record-birdies/${challenge.id}`} className="btn btn-primary">
              <TargetIcon className="text-lg" />
              Record New Birdie
            </Link>
          ) : (
            <p className="flex items-center justify-center text-sm font-medium" data-testid="starts-on">
              {startsText(challenge.startDate)}
            </p>
          )}
        </div>
      </div>
      <HoleDetailsDialog
        hole={openHole}
        records={records.data}
        isLoading={records.isLoading}
        creatorId={challenge.creatorId}
        onClose={() => setOpenHole(null)}
      />
    </section>
  );
}

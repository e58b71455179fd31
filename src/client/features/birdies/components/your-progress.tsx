import { useState } from "react";
import { HOLES_PER_CHALLENGE } from "../../../../shared/domain/challenge-progress";
import { useChallengeProgress, useOwnBirdies } from "../hooks/use-birdies";
import { holeStatuses } from "../lib/hole-records";
import { HoleDetailsDialog } from "./hole-details-dialog";
import { HoleStatusGrid } from "./hole-status-grid";
import { usePendingHoles } from "../../offline/public";

/**
 * Challenge detail Overview 'Your Progress' (docs/product/routes-and-screens.md#challenge-detail):
 * holes birdied x/18, a bar and the 18-hole grid.
 */
export function YourProgress({ challengeId }: { challengeId: number }) {
  const challenge = useChallengeProgress(challengeId);
  const [openHole, setOpenHole] = useState<number | null>(null);
  // The records mark holes whose records wait for a confirmation, and fill the hole dialog.
  const records = useOwnBirdies(challengeId);

  const pending = usePendingHoles(challengeId);
  const data = challenge.data;
  const statuses = data ? holeStatuses(data, records.data) : [];
  const holesDone = statuses.filter((h) => h.state !== "none").length;

  return (
    <section
      aria-labelledby={`your-progress-${challengeId}`}
      className="card border border-base-300 bg-base-100 shadow-sm"
    >
      <div className="card-body gap-4 p-4 sm:p-6">
        <h2 id={`your-progress-${challengeId}`} className="card-title text-lg">
          Your Progress
        </h2>
        {challenge.isLoading ? (
          <div className="flex justify-center py-6" role="status" aria-label="Loading progress">
            <span className="loading loading-spinner text-primary" aria-hidden="true" />
          </div>
        ) : challenge.isError || !data ? (
          <p className="text-sm text-error">Could not load your progress.</p>
        ) : (
          <>
            <div>
              <div className="flex items-baseline justify-between gap-2 text-sm">
                <span className="text-base-content/70">Holes birdied</span>
                <span className="font-semibold" data-testid="your-progress-count">
                  {holesDone}/{HOLES_PER_CHALLENGE}
                </span>
              </div>
              <progress
                className="progress progress-primary mt-2 w-full"
                value={holesDone}
                max={HOLES_PER_CHALLENGE}
                aria-label={`${holesDone} of ${HOLES_PER_CHALLENGE} holes birdied`}
              />
            </div>
            <HoleStatusGrid
              holes={statuses}
              allowMultipleBirdies={data.allowMultipleBirdies}
              onHoleClick={setOpenHole}
              label="Your holes"
              waitingToSync={pending}
            />
          </>
        )}
      </div>
      <HoleDetailsDialog
        hole={openHole}
        records={records.data}
        isLoading={records.isLoading}
        creatorId={data?.creatorId}
        onClose={() => setOpenHole(null)}
      />
    </section>
  );
}

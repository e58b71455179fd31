import type { Db } from "../../db/client";
import { enqueueJobs, type JobSpec } from "../../jobs/queue";

// What other features call about results (ADR 0042). This module imports no other feature.

export const RESULTS_FREEZE_JOB = "results.freeze";
export type FreezePayload = { challengeId: number; endDate: string };

export const resultsEvents = {
  /**
   * Freezes the final results at the challenge's end moment: one job per challenge and end date
   * (the dedupe key), so creating, editing and every process's start schedule it once; an edited
   * end date gets its own job, and the old one finds its date stale and does nothing.
   */
  scheduleFreeze: (db: Db, challenge: { id: number; endDate: Date }) => enqueueJobs(db, [resultsFreezeJob(challenge)]),
};

/** The freeze job of a challenge (see scheduleFreeze) as a value, for schedulers that add many at once. */
export function resultsFreezeJob(challenge: { id: number; endDate: Date }): JobSpec {
  const endDate = challenge.endDate.toISOString();
  return {
    kind: RESULTS_FREEZE_JOB,
    payload: { challengeId: challenge.id, endDate } satisfies FreezePayload,
    opts: {
      // The challenge has ended once the moment has passed (challengeStatus: now > endDate).
      runAt: new Date(challenge.endDate.getTime() + 1000),
      dedupeKey: `results-freeze:${challenge.id}:${endDate}`,
    },
  };
}

import type { JobHandler, JobHandlers } from "../../jobs/runner";
import { findChallenge } from "../challenges/queries";
import { freezeResults } from "./freeze";
import { type FreezePayload, RESULTS_FREEZE_JOB } from "./public";

/**
 * Freezes a challenge's results at its end moment (scheduled by resultsEvents.scheduleFreeze).
 * Run at least once (ADR 0032); the freeze itself writes once, so a repeat changes nothing.
 */
const freeze: JobHandler = async (payload: FreezePayload, { deps }) => {
  const db = deps.database.db;
  const challenge = await findChallenge(db, payload.challengeId);
  // Deleted, or its end date was edited since: the job for the new date does the work.
  if (!challenge || challenge.endDate.toISOString() !== payload.endDate) return;
  const at = new Date();
  // A host clock a little behind the database's: try again shortly (the runner's backoff).
  if (challenge.endDate.getTime() >= at.getTime())
    throw new Error("the challenge has not ended yet on this host's clock");
  await freezeResults(db, challenge, at);
};

/** Composed into every server process's runner (server-jobs.ts). */
export const resultsJobs: JobHandlers = { [RESULTS_FREEZE_JOB]: freeze };

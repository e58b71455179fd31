import type { JobHandler, JobHandlers } from "../../jobs/runner";
import { refreshFlags } from "./refresh";

/** Enqueued by triggers on birdie_records (drizzle/0020) after every change to a golfer's records. */
export const FAIRPLAY_REFRESH_JOB = "fairplay.refresh";

const refresh: JobHandler = async (payload: { userId: number; tx?: number }, { deps, finishWith }) => {
  await refreshFlags(deps.database.db, payload.userId, finishWith);
};

/** Composed into every server process's runner (server-jobs.ts). */
export const fairplayJobs: JobHandlers = { [FAIRPLAY_REFRESH_JOB]: refresh };

/**
 * Nobody waits for a refresh (flags are for admins, and a later refresh recomputes everything), so
 * the runner takes it only when no notification, push or mail is due (ADR 0049 addendum).
 */
export const fairplayBackgroundKinds: readonly string[] = [FAIRPLAY_REFRESH_JOB];

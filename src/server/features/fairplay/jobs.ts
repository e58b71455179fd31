import type { JobHandler, JobHandlers } from "../../jobs/runner";
import { refreshFlags } from "./refresh";

/** Enqueued by triggers on birdie_records (drizzle/0020) after every change to a golfer's records. */
export const FAIRPLAY_REFRESH_JOB = "fairplay.refresh";

const refresh: JobHandler = async (payload: { userId: number; tx?: number }, { deps }) => {
  await refreshFlags(deps.database.db, payload.userId);
};

/** Composed into every server process's runner (server-jobs.ts). */
export const fairplayJobs: JobHandlers = { [FAIRPLAY_REFRESH_JOB]: refresh };

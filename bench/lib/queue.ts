import type { Database } from "../../src/server/db/client";
import { queueDepth } from "../../src/server/jobs/queue";

/** Background jobs due or running now (the work a run's records left), as /metrics counts them. */
async function jobsDue(database: Database): Promise<number> {
  const depth = await queueDepth(database.db);
  return depth.due + depth.running;
}

/**
 * Waits (bounded by `boundMs`) until the job queue has worked off what the last run left: since
 * ADR 0049 jobs yield to requests, so an overloaded run leaves its background work for afterwards,
 * and whoever measures next would otherwise pay for it. Resolves with a line saying what was left,
 * how long it took and what is still due.
 */
export async function drainJobs(database: Database, boundMs: number): Promise<string> {
  const t = performance.now();
  const left = await jobsDue(database);
  let still = left;
  while (still > 0 && performance.now() - t < boundMs) {
    await Bun.sleep(250);
    still = await jobsDue(database);
  }
  const seconds = (performance.now() - t) / 1000;
  return `jobs due after the run ${left}, worked off in ${seconds.toFixed(1)} s${still ? ` (${still} still due)` : ""}`;
}

import type { Db } from "../../db/client";
import { challengesEndingAfter } from "../challenges/queries";
import { enqueueJobs, type JobSpec } from "../../jobs/queue";
import { resultsFreezeJob } from "../results/public";
import { challengeReminderJobs } from "./public";

/** How far back an ended challenge still gets its "ended" notification when first scheduled. */
const ENDED_GRACE_MS = 86_400_000;

/**
 * Schedules the reminders of every challenge still running or to come (and those ended within
 * the last day). Every process runs it at start; the dedupe keys make all but the first a no-op,
 * so challenges created before this release, or while no process ran, get their reminders too.
 * The jobs are gathered first and added in multi-row INSERTs: a start costs a few statements,
 * not a few per open challenge. Resolves with how many challenges were looked at.
 */
export async function scheduleChallengeReminders(db: Db, at = new Date()): Promise<number> {
  const list = await challengesEndingAfter(db, new Date(at.getTime() - ENDED_GRACE_MS));
  const specs: JobSpec[] = [];
  for (const challenge of list) {
    specs.push(...challengeReminderJobs(challenge, at));
    // Final results too (ADR 0042): challenges that predate this release, or ended while no process ran.
    specs.push(resultsFreezeJob(challenge));
  }
  await enqueueJobs(db, specs);
  return list.length;
}

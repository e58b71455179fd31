import { fairplayBackgroundKinds, fairplayJobs } from "./features/fairplay/jobs";
import { notificationJobs } from "./features/notifications/jobs";
import { resultsJobs } from "./features/results/jobs";
import { mailJobs } from "./features/mail/public";
import { pushJobs } from "./features/push/jobs";
import type { JobHandlers } from "./jobs/runner";

/**
 * Every job kind a server process runs, from the feature that owns it (ADR 0032). Features export
 * their handlers (e.g. `mailJobs = { "mail.send": sendMailJob }`) and are composed here; a kind
 * with no handler is never claimed by this process.
 */
export function serverJobHandlers(): JobHandlers {
  return { ...notificationJobs, ...mailJobs, ...pushJobs, ...fairplayJobs, ...resultsJobs };
}

/**
 * Kinds run only when nothing else is due: work no golfer is waiting for (ADR 0049 addendum).
 * Everything else (notifications, push, mail, results) goes first, oldest first.
 */
export function serverBackgroundJobKinds(): readonly string[] {
  return [...fairplayBackgroundKinds];
}

import { interimOutbox } from "../../features/mail/outbox";
import { mailJobs } from "../../features/mail/public";
import type { TestHarness } from "./harness";

/** Runs every queued mail job now (what the job queue's runner does in a server). */
export async function deliverQueuedMail(h: Pick<TestHarness, "deps">): Promise<void> {
  for (const mail of interimOutbox.splice(0)) await mailJobs["mail.send"](mail, { deps: h.deps, attempt: 1 });
}

/** Forgets queued mail (a test that does not read it). */
export function dropQueuedMail(): void {
  interimOutbox.splice(0);
}

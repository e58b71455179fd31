import { mailJobs } from "../../features/mail/public";
import { JobRunner } from "../../jobs";
import type { TestHarness } from "./harness";

/** Runs every due "mail.send" job now, as a server's job runner would (ADR 0032). */
export async function deliverQueuedMail(h: Pick<TestHarness, "deps">): Promise<number> {
  return new JobRunner(h.deps, mailJobs).runDue();
}

/** Marks queued mail sent without sending it (a test that does not read it). */
export async function dropQueuedMail(h: Pick<TestHarness, "deps">): Promise<void> {
  await new JobRunner(h.deps, { "mail.send": async () => {} }).runDue();
}

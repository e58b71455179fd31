import { afterAll, beforeAll, beforeEach } from "bun:test";
import { mailJobs } from "../../features/mail/public";
import { closeMailTransports } from "../../features/mail/transport";
import { JobRunner } from "../../jobs";
import { createTestHarness, type TestHarness } from "./harness";
import { type SmtpCatcher, startSmtpCatcher } from "./smtp-catcher";

/** Runs every due "mail.send" job now, as a server's job runner would (ADR 0032). */
export async function deliverQueuedMail(h: Pick<TestHarness, "deps">): Promise<number> {
  return new JobRunner(h.deps, mailJobs).runDue();
}

/** Marks queued mail sent without sending it (a test that does not read it). */
export async function dropQueuedMail(h: Pick<TestHarness, "deps">): Promise<void> {
  await new JobRunner(h.deps, { "mail.send": async () => {} }).runDue();
}

/**
 * A test file's harness whose mail goes to an in-process SMTP catcher, with the hooks every mail
 * test file needs: both start before the file and close after it; with `clearEachTest` (default)
 * mail queued by an earlier test is delivered and forgotten before each test.
 */
export function mailTestHarness(
  env: Record<string, string> = {},
  { clearEachTest = true }: { clearEachTest?: boolean } = {},
): { h: TestHarness; smtp: SmtpCatcher } {
  const ctx = {} as { h: TestHarness; smtp: SmtpCatcher };
  beforeAll(async () => {
    ctx.smtp = await startSmtpCatcher();
    ctx.h = await createTestHarness({ env: { SMTP_URL: ctx.smtp.url, ...env } });
  }, 120_000);
  afterAll(async () => {
    closeMailTransports();
    await ctx.smtp.close();
    await ctx.h.close();
  });
  if (clearEachTest) {
    beforeEach(async () => {
      await deliverQueuedMail(ctx.h);
      ctx.smtp.mails.length = 0;
    });
  }
  return ctx;
}

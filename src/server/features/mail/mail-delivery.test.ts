import { describe, expect, test } from "bun:test";
import { and, eq, sql } from "drizzle-orm";
import { jobs } from "../../db/schema/jobs";
import { JobRunner } from "../../jobs";
import { RestClient, signUp } from "../../test/harness/harness";
import { dropQueuedMail, mailTestHarness } from "../../test/harness/mail";
import { mailJobs } from "./public";

// End to end through the job queue (ADR 0032, ADR 0034): a request queues a mail job, a runner
// sends it; an SMTP server that refuses delays the mail, never loses it, and never fails the request.
const withMail = mailTestHarness({}, { clearEachTest: false });

const mailJobsTo = async (email: string, subject = "Reset your Birdie Challenge password") =>
  withMail.h.db
    .select()
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, "mail.send"),
        sql`${jobs.payload}->>'to' = ${email}`,
        sql`${jobs.payload}->>'subject' = ${subject}`,
      ),
    );

describe("mail through the queue", () => {
  test("request -> job -> SMTP: the reset mail arrives", async () => {
    const { input } = await signUp(withMail.h);
    await dropQueuedMail(withMail.h);
    const runner = new JobRunner(withMail.h.deps, mailJobs, { pollMs: 50 });
    runner.start();
    try {
      const res = await new RestClient(withMail.h.app).post("/api/password-reset", { identifier: input.username });
      expect(res.status).toBe(202);
      const [mail] = await withMail.smtp.waitFor((m) => m.to === input.email);
      expect(mail.subject).toBe("Reset your Birdie Challenge password");
    } finally {
      await runner.stop();
    }
  });

  test("queued while no runner runs (a restart): the next runner sends it", async () => {
    const { input } = await signUp(withMail.h);
    // Queued by sign-up with nobody running jobs: it waits in the table, not in memory.
    expect(await mailJobsTo(input.email, "Confirm your e-mail address")).toHaveLength(1);
    const runner = new JobRunner(withMail.h.deps, mailJobs, { pollMs: 50 });
    runner.start();
    try {
      const [mail] = await withMail.smtp.waitFor((m) => m.to === input.email);
      expect(mail.subject).toBe("Confirm your e-mail address");
    } finally {
      await runner.stop();
    }
  });

  test("a refusing SMTP server: the request still answers, the mail is retried until it goes", async () => {
    const { input } = await signUp(withMail.h);
    await dropQueuedMail(withMail.h);
    withMail.smtp.setFailing(true);
    const runner = new JobRunner(withMail.h.deps, mailJobs, { pollMs: 50, backoffMs: () => 100 });
    runner.start();
    try {
      const res = await new RestClient(withMail.h.app).post("/api/password-reset", { identifier: input.email });
      expect(res.status).toBe(202);
      const refusedBefore = withMail.smtp.refused;
      const deadline = Date.now() + 15_000;
      while (withMail.smtp.refused < refusedBefore + 3 && Date.now() < deadline) await Bun.sleep(50);
      expect(withMail.smtp.refused).toBeGreaterThanOrEqual(refusedBefore + 3);
      expect(withMail.smtp.to(input.email)).toHaveLength(0);
      const [job] = await mailJobsTo(input.email);
      expect(job.status).not.toBe("failed");
      expect(job.attempts).toBeGreaterThanOrEqual(3);

      withMail.smtp.setFailing(false);
      const [mail] = await withMail.smtp.waitFor((m) => m.to === input.email);
      expect(mail.subject).toBe("Reset your Birdie Challenge password");
      const deadlineDone = Date.now() + 5_000;
      let status = "";
      while (Date.now() < deadlineDone) {
        [{ status }] = await mailJobsTo(input.email);
        if (status === "done") break;
        await Bun.sleep(50);
      }
      expect(status).toBe("done");
    } finally {
      withMail.smtp.setFailing(false);
      await runner.stop();
    }
  });
});

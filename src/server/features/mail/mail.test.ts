import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Metrics } from "../../metrics/metrics";
import { createTestHarness, type TestHarness } from "../../test/harness/harness";
import { type SmtpCatcher, startSmtpCatcher } from "../../test/harness/smtp-catcher";
import { mailJobs, mailTemplates } from "./public";
import { closeMailTransports } from "./transport";

// The "mail.send" job against a real SMTP server in this process (ADR 0034).
let smtp: SmtpCatcher;
let h: TestHarness;
beforeAll(async () => {
  smtp = await startSmtpCatcher();
  h = await createTestHarness({ env: { SMTP_URL: smtp.url, MAIL_FROM: "Birdie Test <birdies@example.com>" } });
  h.deps.metrics = new Metrics();
}, 120_000);
afterAll(async () => {
  closeMailTransports();
  await smtp.close();
  await h.close();
});

const send = mailJobs["mail.send"];

describe("mail.send", () => {
  test("sends plain text and simple HTML from MAIL_FROM", async () => {
    const mail = mailTemplates.passwordResetMail("ada@example.com", "Ada <3", "http://localhost/reset-password/abc");
    await send(mail, { deps: h.deps, attempt: 1 });
    const [got] = await smtp.waitFor((m) => m.to === "ada@example.com");
    expect(got.from).toMatch(/^"?Birdie Test"? <birdies@example\.com>$/);
    expect(got.subject).toBe("Reset your Birdie Challenge password");
    expect(got.text).toContain("Hi Ada <3,");
    expect(got.text).toContain("http://localhost/reset-password/abc");
    // The HTML escapes what golfers typed and links the same address.
    expect(got.html).toContain("Hi Ada &lt;3,");
    expect(got.html).toContain('href="http://localhost/reset-password/abc"');
    const metrics = await h.deps.metrics!.registry.getSingleMetricAsString("birdie_mails_sent_total");
    expect(metrics).toMatch(/birdie_mails_sent_total \d/);
  });

  test("a refusing SMTP server makes the job throw (the queue retries it); it goes once the server is back", async () => {
    smtp.setFailing(true);
    const mail = mailTemplates.passwordChangedMail("bob@example.com", "Bob", "http://localhost");
    await expect(send(mail, { deps: h.deps, attempt: 1 })).rejects.toThrow();
    expect(smtp.refused).toBeGreaterThanOrEqual(1);
    expect(smtp.to("bob@example.com")).toHaveLength(0);
    smtp.setFailing(false);
    await send(mail, { deps: h.deps, attempt: 2 });
    expect(await smtp.waitFor((m) => m.to === "bob@example.com")).toHaveLength(1);
    const failed = await h.deps.metrics!.registry.getSingleMetricAsString("birdie_mails_failed_total");
    expect(failed).toContain("birdie_mails_failed_total 1");
  });

  test("an SMTP server that is not there at all also throws", async () => {
    const down = await createTestHarness({ database: h.database, env: { SMTP_URL: "smtp://127.0.0.1:1" } });
    const mail = mailTemplates.passwordChangedMail("carl@example.com", "Carl", "http://localhost");
    await expect(send(mail, { deps: down.deps, attempt: 1 })).rejects.toThrow();
  });

  test("without SMTP_URL the job completes and sends nothing", async () => {
    const off = await createTestHarness({ database: h.database });
    const before = smtp.mails.length;
    await send(mailTemplates.passwordChangedMail("dan@example.com", "Dan", "http://x"), { deps: off.deps, attempt: 1 });
    await Bun.sleep(200);
    expect(smtp.mails.length).toBe(before);
  });

  test("a payload that can never be sent is dropped, not retried", async () => {
    await send({ to: "not an address", subject: "x", text: "y" }, { deps: h.deps, attempt: 1 });
    await send(null, { deps: h.deps, attempt: 1 });
  });
});

import { Counter } from "prom-client";
import { z } from "zod";
import type { AppDeps } from "../../deps";
import { logger } from "../../lib/logger";
import { METRIC_PREFIX, type Metrics } from "../../metrics/metrics";
import { DEFAULT_MAIL_FROM, mailTransport } from "./transport";

/** The "mail.send" job's payload (the job queue contract); checked again when the job runs. */
export const mailPayloadSchema = z.object({
  to: z.string().email().max(254),
  subject: z.string().min(1).max(300),
  text: z.string().min(1).max(100_000),
  html: z.string().max(200_000).optional(),
});
export type MailPayload = z.infer<typeof mailPayloadSchema>;

type MailCounters = { sent: Counter; failed: Counter };
const counters = new WeakMap<Metrics, MailCounters>();

/** This process's mail counters on /metrics (registered on first use). */
function mailCounters(metrics: Metrics | undefined): MailCounters | undefined {
  if (!metrics) return undefined;
  let c = counters.get(metrics);
  if (!c) {
    c = {
      sent: new Counter({
        name: `${METRIC_PREFIX}mails_sent_total`,
        help: "Mails the SMTP server accepted",
        registers: [metrics.registry],
      }),
      failed: new Counter({
        name: `${METRIC_PREFIX}mails_failed_total`,
        help: "Attempts to send a mail that failed (each is retried by the job queue)",
        registers: [metrics.registry],
      }),
    };
    counters.set(metrics, c);
  }
  return c;
}

/**
 * The "mail.send" job (ADR 0034). Throwing hands the mail back to the queue, which retries it with
 * backoff: a mail server that is down delays mail, never loses it. Without SMTP_URL the job ends
 * without sending and says so in the log; nothing anywhere claims that such a mail was sent.
 */
export async function sendMailJob(payload: unknown, ctx: { deps: AppDeps; attempt: number }): Promise<void> {
  const parsed = mailPayloadSchema.safeParse(payload);
  if (!parsed.success) {
    // A payload that can never be sent is dropped, not retried for ever.
    logger.error("mail job with an invalid payload dropped", { issue: parsed.error.issues[0]?.message });
    return;
  }
  const mail = parsed.data;
  const transport = mailTransport(ctx.deps.env);
  if (!transport) {
    logger.info("mail not sent: SMTP_URL is unset", { subject: mail.subject });
    return;
  }
  const stats = mailCounters(ctx.deps.metrics);
  try {
    await transport.sendMail({
      from: ctx.deps.env.MAIL_FROM ?? DEFAULT_MAIL_FROM,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
  } catch (err) {
    stats?.failed.inc();
    logger.warn("mail send failed; the queue retries it", { attempt: ctx.attempt, error: String(err) });
    throw err;
  }
  stats?.sent.inc();
}

export const mailJobs = { "mail.send": sendMailJob };

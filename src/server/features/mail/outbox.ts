import type { ServiceContext } from "../../context";
import type { Db } from "../../db/client";
import type { Env } from "../../env";
import { enqueueJob } from "../../jobs";
import type { Mail } from "./templates";

/**
 * Attempts before a mail job is marked failed: with the queue's backoff (10 s doubling, capped at an
 * hour) about 13 hours of an unreachable mail server; a failed job stays in the table (ADR 0034).
 */
export const MAIL_MAX_ATTEMPTS = 20;

/** Mail can be sent: SMTP_URL is set. Without it nothing may claim that a mail went out. */
export const mailEnabled = (env: Pick<Env, "SMTP_URL">): boolean => Boolean(env.SMTP_URL);

/**
 * The origin links in mails start with: the configured PUBLIC_ORIGIN (the first one), else the
 * origin the request came to (the server warns at start when PUBLIC_ORIGIN is unset in production).
 */
export function linkOrigin(ctx: Pick<ServiceContext, "deps" | "meta">): string {
  return ctx.deps.env.PUBLIC_ORIGIN[0] ?? ctx.meta.origin ?? `http://localhost:${ctx.deps.env.PORT}`;
}

/**
 * Queues a mail through the job queue on `db` (ADR 0032, ADR 0034): inside a transaction the mail
 * exists only if the transaction commits, so it is sent after commit and never for a change that
 * was rolled back; the "mail.send" job retries with backoff until the SMTP server takes it.
 */
export async function queueMail(db: Db, mail: Mail, opts: { dedupeKey?: string } = {}): Promise<void> {
  await enqueueJob(db, "mail.send", mail, { maxAttempts: MAIL_MAX_ATTEMPTS, ...opts });
}

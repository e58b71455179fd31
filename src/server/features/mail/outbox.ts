import type { ServiceContext } from "../../context";
import type { Db } from "../../db/client";
import type { Env } from "../../env";
import type { Mail } from "./templates";

/** Mail can be sent: SMTP_URL is set. Without it nothing may claim that a mail went out. */
export const mailEnabled = (env: Pick<Env, "SMTP_URL">): boolean => Boolean(env.SMTP_URL);

/**
 * The origin links in mails start with: the configured PUBLIC_ORIGIN (the first one), else the
 * origin the request came to (the server warns at start when PUBLIC_ORIGIN is unset in production).
 */
export function linkOrigin(ctx: Pick<ServiceContext, "deps" | "meta">): string {
  return ctx.deps.env.PUBLIC_ORIGIN[0] ?? ctx.meta.origin ?? `http://localhost:${ctx.deps.env.PORT}`;
}

/** Interim outbox until the job queue lands: mails wait here (tests deliver them by hand). */
export const interimOutbox: Mail[] = [];

/**
 * Queues a mail through the job queue on `db`: inside a transaction the mail exists only if the
 * transaction commits, so it is sent after commit and never for a change that was rolled back.
 */
export async function queueMail(_db: Db, mail: Mail, _opts: { dedupeKey?: string } = {}): Promise<void> {
  interimOutbox.push(mail);
}

import nodemailer, { type Transporter } from "nodemailer";
import type { Env } from "../../env";

/** The From of every mail when MAIL_FROM is unset. */
export const DEFAULT_MAIL_FROM = "Birdie Challenge <no-reply@localhost>";

const transports = new Map<string, Transporter>();

/**
 * The SMTP transport for SMTP_URL (ADR 0034), one per URL and process; null when mail is off.
 * nodemailer reads the scheme: smtps:// is TLS from the start, smtp:// upgrades with STARTTLS when
 * the server offers it. Short timeouts: a job retries later rather than hanging a worker.
 */
export function mailTransport(env: Pick<Env, "SMTP_URL">): Transporter | null {
  const url = env.SMTP_URL;
  if (!url) return null;
  let transport = transports.get(url);
  if (!transport) {
    transport = nodemailer.createTransport(url, {
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    } as never);
    transports.set(url, transport);
  }
  return transport;
}

/** Closes every pooled connection (server stop, tests). */
export function closeMailTransports(): void {
  for (const transport of transports.values()) transport.close();
  transports.clear();
}

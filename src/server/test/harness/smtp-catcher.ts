import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type CaughtMail = { to: string; from: string; subject: string; text: string; html: string };

/**
 * A real SMTP server on 127.0.0.1 (a random port unless `port` is given) that keeps what it receives, parsed; `failing`
 * makes it refuse every message with a temporary error (a mail server that is down for a while).
 */
export async function startSmtpCatcher(port = 0) {
  const mails: CaughtMail[] = [];
  const waiters: (() => void)[] = [];
  let failing = false;
  let refused = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", async () => {
        if (failing) {
          refused += 1;
          const err = Object.assign(new Error("Try again later"), { responseCode: 451 });
          return callback(err);
        }
        const parsed: ParsedMail = await simpleParser(Buffer.concat(chunks));
        const to = Array.isArray(parsed.to) ? parsed.to[0] : parsed.to;
        mails.push({
          to: to?.value[0]?.address ?? "",
          from: parsed.from?.text ?? "",
          subject: parsed.subject ?? "",
          text: parsed.text ?? "",
          html: typeof parsed.html === "string" ? parsed.html : "",
        });
        for (const w of waiters.splice(0)) w();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const bound = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    mails,
    get refused() {
      return refused;
    },
    setFailing(v: boolean) {
      failing = v;
    },
    /** The mails to `to` (all of them if left out). */
    to: (to: string) => mails.filter((m) => m.to.toLowerCase() === to.toLowerCase()),
    /** Waits until `count` mails match `predicate`, or fails after `ms`. */
    async waitFor(predicate: (m: CaughtMail) => boolean, count = 1, ms = 15_000): Promise<CaughtMail[]> {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = mails.filter(predicate);
        if (found.length >= count) return found;
        if (Date.now() > deadline) throw new Error(`expected ${count} mail(s), got ${found.length}`);
        await Promise.race([new Promise<void>((r) => waiters.push(r)), new Promise<void>((r) => setTimeout(r, 100))]);
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpCatcher = Awaited<ReturnType<typeof startSmtpCatcher>>;

/** The first link in a mail's text that starts with `prefix` (e.g. "http://localhost/reset-password/"). */
export function linkIn(mail: CaughtMail, pathPrefix: string): string {
  const match = mail.text.match(new RegExp(`https?://[^\\s]*${pathPrefix.replace(/\//g, "\\/")}[^\\s]*`));
  if (!match) throw new Error(`no ${pathPrefix} link in: ${mail.text}`);
  return match[0];
}

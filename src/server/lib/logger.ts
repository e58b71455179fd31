import { requestContext } from "./request-context";

// One JSON line per event: easy to grep here and to ship to any log store later. A line written
// while a request is answered names it (`requestId`, the X-Request-Id of the answer).
type Fields = Record<string, unknown>;
const quiet = process.env.NODE_ENV === "test" && !process.env.LOG_IN_TESTS;

// Logs never carry secrets or personal data (issue 13, row 9): every line is redacted here, at
// the one place lines are written, whatever a caller hands over. A failed query's message lists
// its parameters (drizzle: "Failed query: ...\nparams: ..."), which for the auth tables are
// password hashes, e-mails and session ids; so parameters are dropped whole, and hashes, e-mails
// and tokens are masked wherever else they appear.
const REDACTIONS: [RegExp, string][] = [
  // Up to the stack trace that follows the message, or the end of the text.
  [/(\bparams: )[\s\S]*?(?=\n\s+at |$)/g, "$1[redacted]"],
  [/\$argon2(?:id|i|d)\$[^\s"',;)]*/g, "[redacted hash]"],
  [/[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g, "[redacted email]"],
  // Session tokens (160 random bits, base32) and their SHA-256 ids (hex).
  [/\b[a-z2-7]{32}\b/g, "[redacted token]"],
  [/\b[0-9a-f]{64}\b/g, "[redacted token]"],
];
/** Field names whose values are never written, whatever they hold. */
const SECRET_KEY = /pass(?:word)?|token|secret|cookie|authori[sz]ation|hash|e-?mail|signature/i;

function redactText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of REDACTIONS) out = out.replace(pattern, replacement);
  return out;
}

/** A copy of `value` that is safe to log (exported for tests). */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return redactText(value);
  if (value === null || typeof value !== "object" || depth > 5) return value;
  if (value instanceof Error) return redactText(String(value.stack ?? value));
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = SECRET_KEY.test(k) ? "[redacted]" : redact(v, depth + 1);
  return out;
}

function write(level: "info" | "warn" | "error", msg: string, fields?: Fields) {
  if (quiet && level !== "error") return;
  // Added after redaction: an id is checked on arrival (http/request-id.ts), and a 32-hex one
  // could otherwise read as a token.
  const requestId = requestContext.getStore()?.requestId;
  const line = JSON.stringify({
    ...(redact({ t: new Date().toISOString(), level, msg, ...fields }) as Fields),
    ...(requestId ? { requestId } : {}),
  });
  if (level === "error") console.error(line);
  else console.log(line);
}

export const logger = {
  info: (msg: string, fields?: Fields) => write("info", msg, fields),
  warn: (msg: string, fields?: Fields) => write("warn", msg, fields),
  error: (msg: string, fields?: Fields) => write("error", msg, fields),
};

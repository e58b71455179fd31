import { ORIGIN } from "../harness/harness";

// Requests through the real HTTP layer (app.request: Hono, middleware, tRPC's fetch adapter and
// error formatter) and the checks every answer must pass.

/** Statuses a hostile request may get. Anything else (500, 502, 405, 415, ...) is a finding. */
export const ALLOWED_STATUSES = new Set([200, 201, 202, 204, 400, 401, 403, 404, 409, 413, 429]);

export type Sent = {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | ReadableStream<Uint8Array>;
};
export type Answer = { status: number; text: string; json: any; contentType: string };
export type AppLike = { request: (input: string, init?: RequestInit) => Response | Promise<Response> };

export async function send(app: AppLike, req: Sent): Promise<Answer> {
  const res = await app.request(`${ORIGIN}${req.path}`, {
    method: req.method,
    headers: req.headers,
    body: req.body,
    ...(req.body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
  const text = await res.text();
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json, contentType: res.headers.get("content-type") ?? "" };
}

/** Lone surrogates cannot be percent-encoded: send what a browser would (U+FFFD). */
export const enc = (s: string) => encodeURIComponent(s.toWellFormed());

export function headersFor(cookie: string | null, extra: Record<string, string> = {}): Record<string, string> {
  return { Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}), ...extra };
}

/**
 * A tRPC call as the client's links make it: GET ?input= for queries, POST JSON for mutations;
 * `batch` wraps the input as httpBatchLink does (?batch=1, { "0": input }), which is also the only
 * way to send "no input" to a void mutation.
 */
export function trpcRequest(
  path: string,
  type: "query" | "mutation" | "subscription",
  input: string | undefined,
  cookie: string | null,
  batch = false,
): Sent {
  const sent = batch ? (input === undefined ? "{}" : `{"0":${input}}`) : input;
  const flag = batch ? "batch=1" : "";
  if (type === "query") {
    const qs = [flag, sent === undefined ? "" : `input=${enc(sent)}`].filter(Boolean).join("&");
    return { method: "GET", path: `/trpc/${path}${qs ? `?${qs}` : ""}`, headers: headersFor(cookie) };
  }
  return {
    method: "POST",
    path: `/trpc/${path}${flag ? `?${flag}` : ""}`,
    headers: headersFor(cookie, { "Content-Type": "application/json" }),
    body: sent,
  };
}

/**
 * Patterns no error may carry: stack frames ("    at fn (file.ts:1:2)"; the bare words "at " are
 * too common in messages such as "must be at most", so frames are matched by their shape), source
 * locations, SQL, the database driver's or ORM's name, password hashes.
 */
const LEAKS: [RegExp, string][] = [
  [/(^|\\n|\n)\s*at\s+\S/, "a stack frame"],
  [/\bat\s+(?:async\s+)?[\w.$<>[\]]*\s*\(?(?:file:\/\/|\/|[A-Za-z]:\\|node:|bun:|native)/, "a stack frame"],
  [/\.(?:ts|tsx|js|mjs|cjs):\d+/, "a source location (.ts:)"],
  [/"stack"\s*:/, "a stack field"],
  [/\bSELECT\b|\bINSERT INTO\b|\bDELETE FROM\b|\bUPDATE\s+"|\bRETURNING\b/, "SQL text"],
  [
    /\brelation "|violates .* constraint|syntax error at|invalid byte sequence|invalid input syntax/i,
    "a database error",
  ],
  [/postgres/i, "the database's name"],
  [/drizzle/i, "the ORM's name"],
  [/pglite/i, "the database's name"],
];
const SECRETS: [RegExp, string][] = [
  // As a JSON key: answers may legitimately echo user text that mentions the words.
  [/"password_?hash"\s*:/i, "a password hash field"],
  [/\$argon2/, "a password hash"],
];

export type Transport = "rest" | "trpc";

/** What is wrong with an answer ([] when it passes). */
export function answerProblems(a: Answer, transport: Transport): string[] {
  const problems: string[] = [];
  if (!ALLOWED_STATUSES.has(a.status))
    problems.push(`status ${a.status} is not one of ${[...ALLOWED_STATUSES].join("/")}`);
  for (const [re, what] of SECRETS) if (re.test(a.text)) problems.push(`the body contains ${what}`);
  if (a.status < 400) return problems;
  if (a.json === undefined) {
    problems.push("an error body that is not JSON");
    return problems;
  }
  // Served as JSON, never as HTML: nothing a request sent can be rendered by a browser.
  if (!a.contentType.includes("application/json"))
    problems.push(`an error served as ${a.contentType || "no content type"}`);
  // tRPC answers in its envelope ({ error: { message, data } }); the HTTP layer in front of it
  // (origin check, body cap) answers { message } like REST does.
  // A batched call answers an array of such envelopes.
  const body = transport === "trpc" && Array.isArray(a.json) ? a.json[0] : a.json;
  const envelope = transport === "trpc" && body?.error !== undefined;
  const message = envelope ? body.error?.message : body?.message;
  if (typeof message !== "string" || !message)
    problems.push(`no string message in the error body (${envelope ? "error.message" : "message"})`);
  if (envelope && body.error?.data?.httpStatus !== a.status)
    problems.push("tRPC's data.httpStatus differs from the HTTP status");
  for (const [re, what] of LEAKS) if (re.test(a.text)) problems.push(`the error body contains ${what}`);
  return problems;
}

const cut = (s: string, n: number) => (s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s);

export function describeCase(req: Sent, a: Answer, who: string): string {
  const body = typeof req.body === "string" ? cut(JSON.stringify(req.body), 400) : req.body ? "<stream>" : "<none>";
  return `${req.method} ${cut(req.path, 300)} as ${who}\n  body: ${body}\n  -> ${a.status} ${cut(a.text, 600)}`;
}

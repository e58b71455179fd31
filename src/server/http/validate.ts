import { zValidator } from "@hono/zod-validator";
import type { MiddlewareHandler } from "hono";
import { z } from "zod";
import { badRequest } from "../lib/errors";
import { containsNul, firstIssueMessage, NUL_MESSAGE } from "../lib/validate";
import type { HonoEnv } from "./types";

// REST input is parsed once, here at the edge, by @hono/zod-validator with the shared schemas of
// src/shared/schemas; services receive typed, parsed input (ADR 0022). A failed parse answers 400
// `{ message }` with the schema's own text, exactly as tRPC does (trpc/init.ts).

type Result = { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } };
type WithBodyProblem = { get(key: "bodyProblem"): string | undefined };

const refuse = (result: Result) => {
  if (!result.success && result.error) throw badRequest(firstIssueMessage(result.error));
};

/**
 * Reads the body by our rules before any validator sees it: an empty body is `{}`, text that is
 * not JSON and NUL characters (which PostgreSQL text cannot hold) are problems that `body()`
 * answers with a 400 and a clear message before its schema runs. The problem is only noted here,
 * so a route's own checks (sign-in: 401) still come first. The parsed value goes into Hono's body
 * cache, where the validator's `c.req.json()` finds it. Mounted once on /api/*.
 */
export const readJsonBody = (): MiddlewareHandler<HonoEnv> => async (c, next) => {
  if (c.req.method === "GET" || c.req.method === "HEAD") return next();
  const text = await c.req.text();
  let value: unknown = {};
  if (text.trim()) {
    try {
      value = JSON.parse(text);
    } catch {
      c.set("bodyProblem", "Request body must be valid JSON");
      value = {};
    }
  }
  if (containsNul(value)) {
    c.set("bodyProblem", NUL_MESSAGE);
    value = {};
  }
  // Hono's `c.req.json()` (which the validator calls) parses the cached *text* again, so a body
  // read without a problem is cached as the text of its value: an empty body then reads as {}
  // there too. A body with a problem keeps its own text; `body()` refuses it before any parse.
  // (Hono types the cache entry as the text itself, but stores and reads the promise of it.)
  if (!c.get("bodyProblem")) {
    (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(JSON.stringify(value));
  }
  c.req.bodyCache.json = Promise.resolve(value);
  await next();
};

/**
 * The JSON body, parsed by `schema`: `c.req.valid("json")` in the handler. Bodies must say
 * `Content-Type: application/json` (a browser's cross-site form post cannot): without it the body
 * is ignored. A body `readJsonBody` found unreadable is refused first, with our message (Hono's
 * own parse would answer "Malformed JSON in request body").
 */
export const body = <S extends z.ZodType>(schema: S) => {
  const validate = zValidator("json", schema, (result) => refuse(result));
  const refuseUnreadable: typeof validate = async (c, next) => {
    const problem = (c as unknown as WithBodyProblem).get("bodyProblem");
    if (problem) throw badRequest(problem);
    return validate(c, next);
  };
  return refuseUnreadable;
};

/** Path parameters parsed by `schema`: `c.req.valid("param")`. */
export const params = <S extends z.ZodType>(schema: S) => zValidator("param", schema, refuse);

/** Query parameters parsed by `schema`: `c.req.valid("query")`. */
export const query = <S extends z.ZodType>(schema: S) => zValidator("query", schema, refuse);

/** A positive 32-bit id in the path; anything else is 400 "Invalid {what} id". */
export function idParam(what: string) {
  const message = `Invalid ${what} id`;
  return z
    .string()
    .regex(/^\d{1,10}$/, message)
    .transform(Number)
    .refine((n) => Number.isSafeInteger(n) && n >= 1 && n <= 2147483647, message);
}

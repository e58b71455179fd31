import type { AppContext } from "./types";
import { badRequest, unauthorized } from "../lib/errors";
import type { UserRow } from "../db/schema/users";
import { containsNul, NUL_MESSAGE } from "../lib/validate";
import { assertSelf } from "./rest-context";

export { assertSelf };

/** The JSON body, or 400 when it is not JSON (or holds a NUL character). An empty body reads as {}. */
export async function jsonBody(c: AppContext): Promise<unknown> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw badRequest("Request body must be valid JSON");
  }
  if (containsNul(body)) throw badRequest(NUL_MESSAGE);
  return body;
}

export function requireUser(c: AppContext): UserRow {
  const user = c.get("user");
  if (!user) throw unauthorized();
  return user;
}

/** A positive integer path parameter, or 404 (a malformed id names nothing that exists). */
export function idParam(raw: string | undefined, what: string): number {
  const n = Number(raw);
  if (!raw || !/^\d{1,10}$/.test(raw) || !Number.isSafeInteger(n) || n < 1 || n > 2147483647) {
    throw badRequest(`Invalid ${what} id`);
  }
  return n;
}

/** The signed-in user, after checking SPEC.md's optional `?userId=` names them (else 403). */
export function actingUser(c: AppContext): UserRow {
  const user = requireUser(c);
  assertSelf(user, c.req.query("userId"));
  return user;
}

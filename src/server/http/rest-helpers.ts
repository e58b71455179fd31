import type { AppContext } from "./types";
import { badRequest, forbidden, unauthorized } from "../lib/errors";
import type { UserRow } from "../db/schema/users";
import { containsNul, NUL_MESSAGE } from "../lib/validate";

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

/**
 * SPEC.md's client sends `?userId=` (and `/users/{id}/...`): accepted for compatibility, but the
 * session decides who acts, so a different id is refused (DECISIONS.md).
 */
export function assertSelf(user: UserRow, claimed: string | undefined | null): void {
  if (claimed === undefined || claimed === null || claimed === "") return;
  if (String(user.id) !== claimed.trim()) throw forbidden("You can only act as yourself");
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

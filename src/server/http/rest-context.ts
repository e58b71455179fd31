import type { MiddlewareHandler } from "hono";
import type { SignedInContext } from "../context";
import type { UserRow } from "../db/schema/users";
import { forbidden, unauthorized } from "../lib/errors";
import type { Context } from "../trpc/context";
import type { AppContext, HonoEnv } from "./types";

/** The same context tRPC procedures get, for REST routes calling services (signed in or not). */
export function serviceContext(c: AppContext): Context {
  const deps = c.get("deps");
  return {
    db: deps.database.db,
    deps,
    user: c.get("user"),
    session: c.get("session"),
    meta: c.get("meta"),
    setCookie: (cookie) => c.header("Set-Cookie", cookie, { append: true }),
  };
}

/**
 * The context of a signed-in caller, or 401. The old client names itself with `?userId=`: accepted
 * for compatibility, but the session decides, and a different id is a 403 (docs/product/api.md#userid-and-usersid).
 */
export function signedIn(c: AppContext): SignedInContext & Context {
  const ctx = serviceContext(c);
  const { user, session } = ctx;
  if (!user || !session) throw unauthorized();
  assertSelf(user, c.req.query("userId"));
  return { ...ctx, user, session };
}

/** Route middleware: 401 for signed-out callers, before any body or parameter is looked at. */
export const signedInOnly: MiddlewareHandler<HonoEnv> = async (c, next) => {
  signedIn(c);
  await next();
};

/**
 * The old client sends `?userId=` (and `/users/{id}/...`): accepted for compatibility, but the
 * session decides who acts, so a different id is refused with 403 (docs/product/api.md#userid-and-usersid).
 */
export function assertSelf(user: UserRow, claimed: string | undefined | null): void {
  if (claimed === undefined || claimed === null || claimed === "") return;
  if (String(user.id) !== claimed.trim()) throw forbidden("You can only act as yourself");
}

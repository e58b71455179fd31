import type { Context, MiddlewareHandler } from "hono";
import { readSessionToken, sessionCookie, validateSessionToken } from "../auth/session";
import type { HonoEnv } from "./types";

/**
 * Reads the request's session into the context (`user`, `session`; null when there is none) and
 * slides the cookie forward when the look-up renewed it. The API's middleware below and the app's
 * HTML pages (app.ts, which name the golfer in the page) both read it this way.
 */
export async function loadSession(c: Context<HonoEnv>): Promise<void> {
  c.set("user", null);
  c.set("session", null);
  const deps = c.get("deps");
  const token = readSessionToken(c.req.header("cookie"));
  if (!token) return;
  const result = await validateSessionToken(deps.database.db, token, deps.sessionCache);
  if (!result) return;
  c.set("user", result.user);
  c.set("session", result.session);
  if (result.renewed) {
    c.header("Set-Cookie", sessionCookie(token, result.session.expiresAt, c.get("meta").secure), { append: true });
  }
}

/**
 * Resolves the signed-in user once per request, sliding the session forward when it is renewed.
 * What a write changes in the session cache (a sign-out, a new password or name) is settled by
 * http/settle-caches.ts before the write is answered (ADR 0044, ADR 0056).
 */
export function sessionLoader(): MiddlewareHandler<HonoEnv> {
  return async (c, next) => {
    await loadSession(c);
    await next();
  };
}

import type { Context, MiddlewareHandler } from "hono";
import { readSessionToken, sessionCookie, validateSessionToken } from "../auth/session";
import type { HonoEnv } from "./types";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

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
 * With the process's session cache, a write by a signed-in user evicts that user's cached
 * sessions here once it is done (their own name, password, sign-out...: the next request reads
 * them afresh without waiting for the database's notification); other processes hear of it from
 * the triggers (ADR 0044).
 */
export function sessionLoader(): MiddlewareHandler<HonoEnv> {
  return async (c, next) => {
    await loadSession(c);
    await next();
    const user = c.get("user");
    const cache = c.get("deps").sessionCache;
    if (user && cache && !READS.has(c.req.method)) cache.evictUsers([user.id]);
  };
}

import type { MiddlewareHandler } from "hono";
import { readSessionToken, sessionCookie, validateSessionToken } from "../auth/session";
import type { HonoEnv } from "./types";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Resolves the signed-in user once per request, sliding the session forward when it is renewed.
 * With the process's session cache, a write by a signed-in user evicts that user's cached
 * sessions here once it is done (their own name, password, sign-out...: the next request reads
 * them afresh without waiting for the database's notification); other processes hear of it from
 * the triggers (ADR 0044).
 */
export function sessionLoader(): MiddlewareHandler<HonoEnv> {
  return async (c, next) => {
    c.set("user", null);
    c.set("session", null);
    const deps = c.get("deps");
    const token = readSessionToken(c.req.header("cookie"));
    if (token) {
      const result = await validateSessionToken(deps.database.db, token, deps.sessionCache);
      if (result) {
        c.set("user", result.user);
        c.set("session", result.session);
        if (result.renewed) {
          c.header("Set-Cookie", sessionCookie(token, result.session.expiresAt, c.get("meta").secure), {
            append: true,
          });
        }
      }
    }
    await next();
    const user = c.get("user");
    if (user && deps.sessionCache && !READS.has(c.req.method)) deps.sessionCache.evictUsers([user.id]);
  };
}

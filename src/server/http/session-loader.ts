import type { MiddlewareHandler } from "hono";
import { readSessionToken, sessionCookie, validateSessionToken } from "../auth/session";
import type { HonoEnv } from "./types";

/** Resolves the signed-in user once per request, sliding the session forward when it is renewed. */
export function sessionLoader(): MiddlewareHandler<HonoEnv> {
  return async (c, next) => {
    c.set("user", null);
    c.set("session", null);
    const token = readSessionToken(c.req.header("cookie"));
    if (token) {
      const result = await validateSessionToken(c.get("deps").database.db, token);
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
  };
}

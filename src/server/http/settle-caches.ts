import type { MiddlewareHandler } from "hono";
import type { HonoEnv } from "./types";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Read-your-writes on the process that wrote (ADR 0056): a request that may have written answers
 * only once this process has received every notification its commit sent, so the session cache
 * and the read cache have dropped what the write changed (a sign-out, a new name, a birdie) before
 * the golfer can ask again. Should the notifications not come back in time, the writer's cached
 * sessions and the whole read cache go instead. (Before ADR 0056 every write evicted its writer's
 * sessions outright, so the request after each birdie read the session from the database again.)
 */
export function settleCaches(): MiddlewareHandler<HonoEnv> {
  return async (c, next) => {
    await next();
    const { readCache, sessionCache } = c.get("deps");
    if (!sessionCache || READS.has(c.req.method)) return;
    if (await sessionCache.caughtUp()) return;
    readCache?.clear();
    const user = c.get("user");
    if (user) sessionCache.evictUsers([user.id]);
  };
}

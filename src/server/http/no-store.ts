import type { MiddlewareHandler } from "hono";
import type { HonoEnv } from "./types";

/**
 * API answers carry private data (a golfer's challenges, chat, e-mail): neither a shared cache nor
 * the browser's disk cache may keep them. A route with a caching policy of its own (the
 * versioned profile picture) sets Cache-Control itself and keeps it; every other answer,
 * errors included, gets no-store.
 */
export function noStoreByDefault(): MiddlewareHandler<HonoEnv> {
  return async (c, next) => {
    await next();
    if (!c.res.headers.has("Cache-Control")) c.res.headers.set("Cache-Control", "no-store");
  };
}

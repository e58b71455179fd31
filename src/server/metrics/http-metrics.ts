import { timingSafeEqual, createHash } from "node:crypto";
import { Hono, type MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import type { HonoEnv } from "../http/types";
import { appRouter } from "../trpc/router";
import type { Metrics } from "./metrics";

const procedures = new Set(Object.keys(appRouter._def.procedures));

/**
 * The route a request matched, as registered ("/api/challenges/:id"), never the raw path: raw
 * paths carry ids and would make a label value per challenge. tRPC is one Hono route, so its
 * procedure name is added when it is a known one; batches and unknown names share one label.
 */
export function routeLabel(pattern: string, path: string): string {
  if (pattern !== "/trpc/*") return pattern || "unmatched";
  const name = path.slice("/trpc/".length);
  if (name.includes(",")) return "/trpc/(batch)";
  return procedures.has(name) ? `/trpc/${name}` : "/trpc/(unknown)";
}

/** Counts and times every request Hono answers, by method, route pattern and status. */
export function requestMetrics(metrics: Metrics): MiddlewareHandler<HonoEnv> {
  return async (c, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      const labels = {
        method: c.req.method,
        route: routeLabel(routePath(c), c.req.path),
        status: String(c.res.status),
      };
      metrics.httpRequests.inc(labels);
      metrics.httpDuration.observe(labels, (performance.now() - started) / 1000);
    }
  };
}

const digest = (text: string) => createHash("sha256").update(text).digest();

/**
 * GET /metrics in Prometheus text format, for a scraper holding METRICS_TOKEN as a Bearer token.
 * Without METRICS_TOKEN it does not exist (404): the figures describe the service's load and
 * people's activity, which is nobody else's business.
 */
export function metricsRest(metrics: Metrics | undefined, token: string | undefined) {
  const expected = token ? digest(token) : undefined;
  return new Hono<HonoEnv>().get("/metrics", async (c) => {
    if (!metrics || !expected) return c.json({ message: "Not found" }, 404);
    const given = /^Bearer (.+)$/.exec(c.req.header("authorization") ?? "")?.[1];
    // Compared as digests: equal length, and the time taken says nothing about the token.
    if (!given || !timingSafeEqual(digest(given), expected)) {
      c.header("WWW-Authenticate", 'Bearer realm="metrics"');
      return c.json({ message: "A valid metrics token is required" }, 401);
    }
    c.header("Cache-Control", "no-store");
    c.header("Content-Type", metrics.contentType);
    return c.body(await metrics.text());
  });
}

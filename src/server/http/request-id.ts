import type { MiddlewareHandler } from "hono";
import { requestContext } from "../lib/request-context";
import type { HonoEnv } from "./types";

/**
 * What an incoming X-Request-Id must look like to be kept: nginx's $request_id (32 hex), UUIDs and
 * the like. Anything else (too long, spaces, control characters that could forge log lines) is
 * replaced by our own.
 */
export const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Every answer carries X-Request-Id, and every log line written while answering it carries the
 * same id (lib/logger.ts reads it from requestContext). Behind our own proxy (TRUST_PROXY) the
 * proxy's id is kept, so its access log and ours name a request alike; otherwise anyone could
 * choose the id a log line shows, so it is always our own.
 */
export function requestId(trustProxy: boolean): MiddlewareHandler<HonoEnv> {
  return async (c, next) => {
    const incoming = trustProxy ? c.req.header("x-request-id") : undefined;
    const id = incoming && SANE_REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    await requestContext.run({ requestId: id }, next);
    c.header("X-Request-Id", id);
  };
}

import type { MiddlewareHandler } from "hono";
import { AppError } from "../lib/errors";
import { NUL_MESSAGE } from "../lib/validate";
import type { HonoEnv } from "./types";

const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  // daisyUI/React set style attributes; inline styles cannot run code.
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join("; ");

export function securityHeaders(production: boolean): MiddlewareHandler<HonoEnv> {
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    h.set("Content-Security-Policy", CSP);
    h.set("X-Content-Type-Options", "nosniff");
    h.set("X-Frame-Options", "DENY");
    h.set("Referrer-Policy", "strict-origin-when-cross-origin");
    h.set("Cross-Origin-Opener-Policy", "same-origin");
    h.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    if (production) h.set("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  };
}

export const MISDIRECTED = "This server does not serve that host name";

/**
 * With PUBLIC_ORIGIN set, the request must name one of its hosts. Otherwise a page on an
 * attacker's domain that re-points its DNS to this server (DNS rebinding) is "same-origin" to the
 * browser and could act on the server. Behind a proxy (TRUST_PROXY) X-Forwarded-Host, when sent,
 * is the name the browser used.
 */
export function isAllowedHost(req: Request, allowedOrigins: string[], trustProxy: boolean): boolean {
  if (!allowedOrigins.length) return true;
  const forwarded = trustProxy ? req.headers.get("x-forwarded-host")?.split(",")[0]?.trim() : undefined;
  const host = (forwarded || req.headers.get("host") || new URL(req.url).host).toLowerCase();
  return allowedOrigins.some((origin) => new URL(origin).host === host);
}

/**
 * Asked by orchestrators, load balancers and Prometheus by the container's address, not the public
 * host name. The health checks reveal nothing; /metrics needs its own token (ADR 0025).
 */
export const PROBE_PATHS = new Set(["/api/health", "/api/health/live", "/api/health/ready", "/metrics"]);

/** Refuses requests for other host names with 421 Misdirected Request (probes are exempt). */
export function hostCheck(allowedOrigins: string[], trustProxy: boolean): MiddlewareHandler<HonoEnv> {
  return async (c, next) => {
    if (!PROBE_PATHS.has(c.req.path) && !isAllowedHost(c.req.raw, allowedOrigins, trustProxy)) {
      return c.json({ message: MISDIRECTED }, 421);
    }
    await next();
  };
}

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/**
 * CSRF defence as Lucia's guide advises: a state-changing request must come from our own origin.
 * Browsers always send Origin on such requests (or at least Sec-Fetch-Site); a request with
 * neither is refused too, so nothing can slip through a browser that strips one of them.
 */
export function isSameOrigin(req: Request, allowedOrigins: string[]): boolean {
  const origin = req.headers.get("origin");
  if (origin && origin !== "null") {
    if (allowedOrigins.length) return allowedOrigins.includes(origin);
    try {
      // Behind a TLS-terminating proxy the scheme we see differs from the browser's: compare hosts.
      return new URL(origin).host === (req.headers.get("host") ?? new URL(req.url).host);
    } catch {
      return false;
    }
  }
  const site = req.headers.get("sec-fetch-site");
  return site === "same-origin";
}

export function originCheck(allowedOrigins: string[]): MiddlewareHandler<HonoEnv> {
  return async (c, next) => {
    if (UNSAFE_METHODS.has(c.req.method) && !isSameOrigin(c.req.raw, allowedOrigins)) {
      throw new AppError("FORBIDDEN", "Cross-site request refused");
    }
    await next();
  };
}

/** Bodies are read whole into memory: cap them (pictures get more room than everything else). */
export function bodySizeCap(
  defaultMax: number,
  large: { test: (path: string) => boolean; max: number },
): MiddlewareHandler<HonoEnv> {
  return async (c, next) => {
    if (!UNSAFE_METHODS.has(c.req.method)) return next();
    const max = large.test(c.req.path) ? large.max : defaultMax;
    const declared = Number(c.req.header("content-length") ?? "NaN");
    if (Number.isFinite(declared) && declared > max) {
      throw new AppError("PAYLOAD_TOO_LARGE", "Request body is too large");
    }
    if (!Number.isFinite(declared) && c.req.raw.body) {
      // Chunked upload without a length: read with a running count so a liar cannot exceed max.
      const reader = c.req.raw.body.getReader();
      const chunks: Uint8Array[] = [];
      let size = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        size += value.byteLength;
        if (size > max) throw new AppError("PAYLOAD_TOO_LARGE", "Request body is too large");
        chunks.push(value);
      }
      const body = new Blob(chunks as BlobPart[]);
      c.req.raw = new Request(c.req.raw, { body, duplex: "half" } as RequestInit);
    }
    await next();
  };
}

/** U+0000 cannot be stored in PostgreSQL text: refuse it anywhere in the path or query up front. */
export function refuseNulInUrl(): MiddlewareHandler<HonoEnv> {
  return async (c, next) => {
    if (/%00/i.test(c.req.url)) throw new AppError("BAD_REQUEST", NUL_MESSAGE);
    await next();
  };
}

/**
 * A /trpc path whose percent-encoding does not decode names no procedure: 404, as any unknown path.
 * (tRPC decodes the path itself, and a URIError there was answered 500.)
 */
export function refuseUndecodablePath(): MiddlewareHandler<HonoEnv> {
  return async (c, next) => {
    const url = c.req.raw.url;
    const query = url.indexOf("?");
    const path = query < 0 ? url : url.slice(0, query);
    if (path.includes("%")) {
      try {
        decodeURIComponent(path);
      } catch {
        return c.json({ message: "Not found" }, 404);
      }
    }
    await next();
  };
}

import { isDatabaseDown } from "./errors";
import { logger } from "./logger";

// The last line of defence for an error nobody caught (issue 13, row 1; ADR 0014). The driver is
// patched so a dropped connection fails its queries instead of throwing from a timer, but a
// future driver bug of that family must not take every golfer's request down with it. Only
// errors known to be a dead database connection are survived: the driver drops that connection
// and dials a new one, so nothing of the process's own state is half-done. Anything else may
// have left the process inconsistent: it is logged and the process exits non-zero, so the
// orchestrator starts a clean one.

/** postgres.js's connection module, in any of its builds (ESM, CommonJS, Cloudflare). */
const DRIVER_CONNECTION_FRAME = /[\\/]node_modules[\\/]postgres[\\/](?:cjs[\\/]|cf[\\/])?src[\\/]connection\.js/;
/** What writing to (or reading from) a socket that is already gone says, in Bun and in Node. */
const NULL_SOCKET =
  /null is not an object \(evaluating 'socket\.|Cannot read properties of null \(reading '(?:write|end|destroy)'\)/;

/** True for the errors a dropped database connection can leak outside any request. */
export function isKnownDriverSocketError(err: unknown): boolean {
  if (isDatabaseDown(err)) return true;
  if (!(err instanceof TypeError)) return false;
  const stack = typeof err.stack === "string" ? err.stack : "";
  // The first frame must be the driver's: the throw happened in its own callback, not ours.
  const firstFrame = stack.split("\n").find((line) => /^\s+at /.test(line)) ?? "";
  return NULL_SOCKET.test(err.message) && DRIVER_CONNECTION_FRAME.test(firstFrame);
}

function summarize(err: unknown) {
  const e = err as { name?: unknown; message?: unknown; code?: unknown; stack?: unknown };
  return {
    name: typeof e?.name === "string" ? e.name : typeof err,
    error: typeof e?.message === "string" ? e.message : String(err),
    code: e?.code === undefined ? undefined : String(e.code),
    stack: typeof e?.stack === "string" ? e.stack.split("\n").slice(0, 8).join("\n") : undefined,
  };
}

let installed = false;

/**
 * Installs process-wide handlers for uncaught exceptions and unhandled rejections. `exit` is
 * injectable so the decision can be observed without ending a test runner.
 */
export function installLastResortHandlers(exit: (code: number) => void = (code) => process.exit(code)) {
  if (installed) return;
  installed = true;
  const handle = (kind: "exception" | "rejection") => (err: unknown) => {
    if (isKnownDriverSocketError(err)) {
      logger.error(`uncaught ${kind} from a dropped database connection; still serving`, summarize(err));
      return;
    }
    logger.error(`uncaught ${kind}; exiting`, summarize(err));
    exit(1);
  };
  process.on("uncaughtException", handle("exception"));
  process.on("unhandledRejection", handle("rejection"));
}

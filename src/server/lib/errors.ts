import type { TRPC_ERROR_CODE_KEY } from "@trpc/server";

export type ErrorKind =
  | "BAD_REQUEST"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "TOO_MANY_REQUESTS"
  | "PAYLOAD_TOO_LARGE"
  | "UNAVAILABLE";

/** The one error services throw; both transports turn it into a status and `{ message }`. */
export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const httpStatusOf: Record<ErrorKind, 400 | 401 | 403 | 404 | 409 | 413 | 429 | 503> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  UNAVAILABLE: 503,
};

export const trpcCodeOf: Record<ErrorKind, TRPC_ERROR_CODE_KEY> = {
  BAD_REQUEST: "BAD_REQUEST",
  UNAUTHORIZED: "UNAUTHORIZED",
  FORBIDDEN: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  CONFLICT: "CONFLICT",
  PAYLOAD_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  TOO_MANY_REQUESTS: "TOO_MANY_REQUESTS",
  UNAVAILABLE: "SERVICE_UNAVAILABLE",
};

export const badRequest = (m: string) => new AppError("BAD_REQUEST", m);
export const unauthorized = (m = "Not signed in") => new AppError("UNAUTHORIZED", m);
export const forbidden = (m = "You are not allowed to do that") => new AppError("FORBIDDEN", m);
export const notFound = (m: string) => new AppError("NOT_FOUND", m);
export const conflict = (m: string) => new AppError("CONFLICT", m);
export const tooManyRequests = (m = "Too many attempts. Please wait a moment and try again.") =>
  new AppError("TOO_MANY_REQUESTS", m);

/** The answer when a write hits a unique index no service expected to hit (a race both passed). */
export const ALREADY_EXISTS = "This already exists. Please refresh and try again.";

type DriverError = { code?: unknown; constraint?: unknown; constraint_name?: unknown; cause?: unknown };

/**
 * A unique-index violation (SQLSTATE 23505) anywhere in the cause chain (drizzle wraps the
 * driver's error as `cause`), with the index it hit: postgres.js names it `constraint_name`,
 * PGlite `constraint`. Null for any other error.
 */
export function uniqueViolation(err: unknown): { constraint: string | null } | null {
  let e = err as DriverError | undefined;
  for (let depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    if (e.code === "23505") {
      const name = e.constraint_name ?? e.constraint;
      return { constraint: typeof name === "string" ? name : null };
    }
    e = e.cause as DriverError | undefined;
  }
  return null;
}

const DOWN_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "57P01",
  "57P02",
  "57P03",
  "08006",
  "08001",
  "08003",
  "DATABASE_TIMEOUT",
]);
const DOWN_MESSAGE =
  /connect(ion)? (refused|terminated|closed|ended)|the database system is (starting|shutting) down|PGlite is closed/i;

/**
 * True when an error means the database could not be reached (so the answer is 503, not 500).
 * Drizzle wraps driver errors ("Failed query: ...", the driver's error as `cause`), so the cause
 * chain is followed.
 */
export function isDatabaseDown(err: unknown): boolean {
  let e = err as { code?: unknown; message?: unknown; errno?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && typeof e === "object" && depth < 5; depth++) {
    const code = String(e.code ?? e.errno ?? "");
    if (DOWN_CODES.has(code) || DOWN_MESSAGE.test(typeof e.message === "string" ? e.message : "")) return true;
    e = e.cause as typeof e;
  }
  return false;
}

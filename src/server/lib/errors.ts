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

/** True when an error means the database could not be reached (so the answer is 503, not 500). */
export function isDatabaseDown(err: unknown): boolean {
  const e = err as { code?: string; message?: string; errno?: string } | undefined;
  if (!e) return false;
  const code = e.code ?? e.errno ?? "";
  return (
    ["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "CONNECTION_CLOSED", "CONNECTION_ENDED", "CONNECTION_DESTROYED", "CONNECT_TIMEOUT", "57P01", "57P02", "57P03", "08006", "08001", "08003"].includes(code) ||
    /connect(ion)? (refused|terminated|closed|ended)|the database system is (starting|shutting) down/i.test(e.message ?? "")
  );
}

/** The human message of any thrown value; the server's formatter already puts it in `message`. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message.trim()) return error.message;
  return fallback;
}

/**
 * True when the server answered 401. tRPC errors carry the code in `data`; the REST layer and
 * anything else that exposes an HTTP status is covered by `status`.
 */
export function isUnauthorized(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const data = (error as { data?: { code?: unknown; httpStatus?: unknown } | null }).data;
  if (data?.code === "UNAUTHORIZED" || data?.httpStatus === 401) return true;
  return (error as { status?: unknown }).status === 401;
}

type ErrorShape = { data?: { httpStatus?: unknown } | null; cause?: unknown; message?: unknown; status?: unknown };

/** The HTTP status a failed call carries (tRPC in `data.httpStatus`, REST in `status`), or null for no answer. */
export function httpStatusOf(error: unknown): number | null {
  if (!error || typeof error !== "object") return null;
  const e = error as ErrorShape;
  if (typeof e.data?.httpStatus === "number") return e.data.httpStatus;
  if (typeof e.status === "number") return e.status;
  return null;
}

/** The request never got an answer (no signal, DNS, dropped connection): fetch's TypeError. */
export function isNetworkError(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  if (httpStatusOf(error) !== null) return false;
  const e = error as ErrorShape;
  if (error instanceof TypeError || e.cause instanceof TypeError) return true;
  const text = typeof e.message === "string" ? e.message : "";
  return /failed to fetch|networkerror|network request failed|load failed|fetch failed/i.test(text);
}

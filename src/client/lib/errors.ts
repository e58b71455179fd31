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

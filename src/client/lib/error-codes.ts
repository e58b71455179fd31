/**
 * The tRPC error code of a failed call ("NOT_FOUND", "CONFLICT", ...), or null. The server maps
 * its statuses onto these codes, so pages can tell a missing challenge from a network failure.
 */
export function errorCodeOf(error: unknown): string | null {
  if (!error || typeof error !== "object") return null;
  const code = (error as { data?: { code?: unknown } | null }).data?.code;
  return typeof code === "string" ? code : null;
}

export const isNotFound = (error: unknown) => errorCodeOf(error) === "NOT_FOUND";
export const isConflict = (error: unknown) => errorCodeOf(error) === "CONFLICT";

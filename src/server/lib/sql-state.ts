/**
 * The SQLSTATE of a database error, wherever the driver put it: drizzle wraps the driver's error
 * (postgres.js or PGlite) in its own and keeps the original as `cause`.
 */
export function sqlStateOf(err: unknown): string | undefined {
  for (
    let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    e && typeof e === "object" && depth < 4;
    e = e.cause as typeof e, depth++
  ) {
    if (typeof e.code === "string" && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/** A unique or primary-key violation (23505): someone else holds the value. */
export const isUniqueViolation = (err: unknown) => sqlStateOf(err) === "23505";

/**
 * A statement refused because an earlier one in its transaction failed (25P02): an echo of that
 * failure, never its cause.
 */
export const isAbortedTransaction = (err: unknown) => sqlStateOf(err) === "25P02";

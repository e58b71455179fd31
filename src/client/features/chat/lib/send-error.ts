/**
 * The server's "too many messages" text when a send was refused by the chat rate limit (429), or
 * null for any other failure. The card shows it under the input, where the golfer is looking,
 * rather than as a toast that vanishes while they are still typing.
 */
export function rateLimitMessage(error: unknown): string | null {
  if (!error || typeof error !== "object") return null;
  const data = (error as { data?: { code?: unknown; httpStatus?: unknown } | null }).data;
  if (data?.code !== "TOO_MANY_REQUESTS" && data?.httpStatus !== 429) return null;
  const message = (error as { message?: unknown }).message;
  return typeof message === "string" && message.trim() ? message : "You are sending messages too quickly.";
}

export type ServerLike = { requestIP?: (req: Request) => { address: string } | null };

/**
 * The caller's address, which rate limits and socket caps count by. X-Forwarded-For is believed
 * only with TRUST_PROXY (behind a proxy you run); anyone can send the header otherwise.
 */
export function clientAddress(req: Request, server: ServerLike | undefined, trustProxy: boolean): string {
  const forwarded = trustProxy ? req.headers.get("x-forwarded-for")?.split(",")[0]?.trim() : undefined;
  return forwarded || server?.requestIP?.(req)?.address || "local";
}

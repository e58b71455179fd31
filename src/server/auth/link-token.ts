import { createHash } from "node:crypto";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";

// Tokens of mailed one-time links (ADR 0035): 32 bytes (256 bits) from the CSPRNG, base32 so they
// sit in a URL path as they are; the database keeps only their SHA-256.

export function generateLinkToken(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

export const linkTokenId = (token: string): string => createHash("sha256").update(token).digest("hex");

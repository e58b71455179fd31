import { readStorage, removeStorage, writeStorage } from "./storage";

// A signed-out visitor who opens an invite link is sent to /auth first; the code waits here so the
// auth page can send them back to the join page once they are signed in
// (docs/product/routes-and-screens.md#invite-join).
const CODE_KEY = "pendingInviteCode";
const SAVED_AT_KEY = "pendingInviteTimestamp";
export const PENDING_INVITE_TTL_MS = 30 * 60 * 1000;

export function savePendingInvite(code: string, now = Date.now()): void {
  writeStorage(CODE_KEY, code);
  writeStorage(SAVED_AT_KEY, String(now));
}

export function clearPendingInvite(): void {
  removeStorage(CODE_KEY);
  removeStorage(SAVED_AT_KEY);
}

/** The stored code when it is under 30 minutes old. Always clears what it read: a code is used once. */
export function takePendingInvite(now = Date.now()): string | null {
  const code = readStorage(CODE_KEY);
  const savedAt = Number(readStorage(SAVED_AT_KEY));
  if (code === null) return null;
  clearPendingInvite();
  if (!Number.isFinite(savedAt) || now - savedAt >= PENDING_INVITE_TTL_MS || now < savedAt) return null;
  return code;
}

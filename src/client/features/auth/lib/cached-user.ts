import type { PublicUser } from "../../../../shared/schemas/auth";
import type { SessionUser } from "../../../lib/session";
import { readStorage, removeStorage, writeStorage } from "../../../lib/storage";

// docs/product/rules.md#sessions-csrf-and-rate-limits: the signed-in user is cached on the device
// so a reload can show the app at once while the server confirms the session. Only non-secret
// identity fields are kept.
export const CACHED_USER_KEY = "cachedUser";
export const CACHED_USER_VERSION = "2";
export const CACHED_USER_MAX_AGE_MS = 168 * 60 * 60 * 1000;

export type CachedUser = {
  id: number;
  username: string;
  displayName: string;
  email: string;
  isAdmin: boolean;
  cachedAt: number;
  version: typeof CACHED_USER_VERSION;
};

export function writeCachedUser(user: PublicUser, now = Date.now()): void {
  const cached: CachedUser = {
    id: user.id,
    username: user.username,
    displayName: user.displayName,
    email: user.email,
    isAdmin: user.isAdmin,
    cachedAt: now,
    version: CACHED_USER_VERSION,
  };
  writeStorage(CACHED_USER_KEY, JSON.stringify(cached));
}

export function clearCachedUser(): void {
  removeStorage(CACHED_USER_KEY);
}

function isCachedUser(value: unknown): value is CachedUser {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  return (
    v.version === CACHED_USER_VERSION &&
    typeof v.id === "number" &&
    typeof v.username === "string" &&
    v.username.length > 0 &&
    typeof v.cachedAt === "number"
  );
}

/** The cached user when present, well-formed and under 168 hours old; anything else is deleted. */
export function readCachedUser(now = Date.now()): CachedUser | null {
  const raw = readStorage(CACHED_USER_KEY);
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = null;
  }
  if (!isCachedUser(parsed) || now - parsed.cachedAt > CACHED_USER_MAX_AGE_MS) {
    clearCachedUser();
    return null;
  }
  return parsed;
}

/** A temporary user built from the cache, flagged as recovering until the server answers. */
export function recoveringUser(cached: CachedUser): SessionUser {
  return {
    id: cached.id,
    username: cached.username,
    displayName: typeof cached.displayName === "string" ? cached.displayName : cached.username,
    email: typeof cached.email === "string" ? cached.email : "",
    isAdmin: cached.isAdmin === true,
    profilePicture: null,
    handicap: null,
    homeCourseName: null,
    recovering: true,
  };
}

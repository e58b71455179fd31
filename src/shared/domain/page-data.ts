import { FIRST_SCREEN_ROUTES } from "./first-screens";

// Which app pages start loading their data with the HTML (issue 19, first paint; ADR 0050): the
// server preloads it (src/server/http/first-paint.ts) and the client starts the same request
// (the dashboard's and the challenges' early-load modules), so both take the URLs from here: a
// preload is used only by a request for exactly its URL. A trailing slash is allowed.

/** What the dashboard opens with. */
export const DASHBOARD_DATA_URL = "/api/dashboard";

/** What a challenge's page opens with. */
export const challengeDataUrl = (challengeId: number) => `/api/challenges/${challengeId}`;

/** The challenge id of a challenge's page (`/challenges/42`), or null for any other path. */
export function challengePageId(path: string): number | null {
  const match = /^\/challenges\/([1-9]\d{0,9})\/?$/.exec(path);
  return match ? Number(match[1]) : null;
}

/** The request that loads a signed-in page's opening data, or null when the page has none. */
export function pageDataUrl(path: string): string | null {
  if (path === "/") return DASHBOARD_DATA_URL;
  const challengeId = challengePageId(path);
  return challengeId === null ? null : challengeDataUrl(challengeId);
}

/**
 * Whether `path` is the record page (`/record-birdies`, `/record-birdies/42`, a trailing slash
 * allowed), which opens with the golfer's challenges: its first-screen route. Any number: the page
 * itself says when it names no challenge of theirs.
 */
export function isRecordPage(path: string): boolean {
  return FIRST_SCREEN_ROUTES.record.test(path.length > 1 ? path.replace(/\/$/, "") : path);
}

/**
 * The first-paint data block a page's HTML carries (written by src/server/http/first-paint.ts, read
 * by src/client/lib/first-paint.ts): who is signed in (null: nobody); on a challenge's page the
 * golfer may see, the challenge as GET /api/challenges/:id answers it (ADR 0055); on the record
 * page, the golfer's challenges as GET /api/users/:id/challenges answers them (ADR 0073).
 */
export type FirstPaintBlock<User> = {
  user: User | null;
  challenge?: { id: number } & Record<string, unknown>;
  challenges?: Record<string, unknown>[];
};

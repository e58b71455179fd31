import { FIRST_SCREEN_ROUTES } from "./first-screens";
import { PERIODS, type Period } from "./periods";

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

/** The path as the first-screen routes match it: without a trailing slash (except `/` itself). */
const routePath = (path: string) => (path.length > 1 ? path.replace(/\/$/, "") : path);

/**
 * Whether `path` is the record page (`/record-birdies`, `/record-birdies/42`, a trailing slash
 * allowed), which opens with the golfer's challenges: its first-screen route. Any number: the page
 * itself says when it names no challenge of theirs.
 */
export function isRecordPage(path: string): boolean {
  return FIRST_SCREEN_ROUTES.record.test(routePath(path));
}

/** Whether `path` is the global board (`/leaderboard/global`), which opens with its period's board (ADR 0074). */
export function isGlobalBoardPage(path: string): boolean {
  return FIRST_SCREEN_ROUTES.globalBoard.test(routePath(path));
}

/**
 * A route's `:id` as a challenge id (up to 10 digits, 1 to PostgreSQL's integer maximum), or null
 * when it cannot name one: how every page with a challenge in its address reads it.
 */
export function routeChallengeId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 && id <= 2147483647 ? id : null;
}

/** The challenge id of a challenge's board page (`/leaderboard/42`), or null for any other path (ADR 0074). */
export function challengeBoardPageId(path: string): number | null {
  const at = routePath(path);
  return FIRST_SCREEN_ROUTES.challengeBoard.test(at) ? routeChallengeId(at.slice("/leaderboard/".length)) : null;
}

/**
 * Whether `path`'s HTML carries the golfer's challenges: the record page's round form and the
 * boards' challenge selector and tabs open with them (ADR 0073, 0074).
 */
export function carriesChallengeList(path: string): boolean {
  return isRecordPage(path) || isGlobalBoardPage(path) || challengeBoardPageId(path) !== null;
}

/**
 * The global board's period as its address names it (`?period=week`); anything else is All Time.
 * The page reads it so, and the server reads the same board into the page's HTML.
 */
export function periodFromParam(raw: string | null | undefined): Period {
  return (PERIODS as readonly string[]).includes(raw ?? "") ? (raw as Period) : "all";
}

/**
 * The first-paint data block a page's HTML carries (written by src/server/http/first-paint.ts, read
 * by src/client/lib/first-paint.ts): who is signed in (null: nobody); on a challenge's page the
 * golfer may see, the challenge as GET /api/challenges/:id answers it (ADR 0055); on the record
 * page and the boards, the golfer's challenges as GET /api/users/:id/challenges answers them
 * (ADR 0073, carriesChallengeList); on the boards, the board as GET /api/leaderboard/global and GET
 * /api/challenges/:id/leaderboard answer it (ADR 0074).
 */
export type FirstPaintBlock<User> = {
  user: User | null;
  challenge?: { id: number } & Record<string, unknown>;
  challenges?: Record<string, unknown>[];
  /** The global board of `period`, as `leaderboards.global` answers it. */
  globalBoard?: { period: Period; board: Record<string, unknown> };
  /** A challenge's board, as `leaderboards.challenge` answers it, for a golfer who plays in it. */
  challengeBoard?: { challengeId: number; entries: Record<string, unknown>[] };
};

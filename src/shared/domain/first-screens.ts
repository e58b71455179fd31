// The signed-in pages whose first screen the server renders per request (ADR 0055), by name. The
// server renders a page whose path matches one (src/server/http/first-paint.ts); the client's
// router names the page component of each (src/client/app/router.tsx, a Record over these names,
// so a page added here does not compile until the client says which component it is). Matched on
// the path as the browser has it: no trailing slash.
export const FIRST_SCREEN_ROUTES = {
  dashboard: /^\/$/,
  challenge: /^\/challenges\/\d+$/,
  record: /^\/record-birdies(\/\d+)?$/,
  globalBoard: /^\/leaderboard\/global$/,
  challengeBoard: /^\/leaderboard\/\d+$/,
  profile: /^\/profile$/,
} as const satisfies Record<string, RegExp>;

export type FirstScreenRoute = keyof typeof FIRST_SCREEN_ROUTES;

const ROUTES = Object.entries(FIRST_SCREEN_ROUTES) as [FirstScreenRoute, RegExp][];

/** The first-screen page at `path`, or null for a page the server does not render. */
export function firstScreenRoute(path: string): FirstScreenRoute | null {
  return ROUTES.find(([, pattern]) => pattern.test(path))?.[0] ?? null;
}

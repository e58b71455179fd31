// Which app pages start loading their data with the HTML (issue 19, first paint; ADR 0050): the
// server preloads it (src/server/http/first-paint.ts) and the client's main.tsx starts the same
// request, so both must agree on the paths. A trailing slash is allowed.

/** The challenge id of a challenge's page (`/challenges/42`), or null for any other path. */
export function challengePageId(path: string): number | null {
  const match = /^\/challenges\/([1-9]\d{0,9})\/?$/.exec(path);
  return match ? Number(match[1]) : null;
}

/** The request that loads a signed-in page's opening data, or null when the page has none. */
export function pageDataUrl(path: string): string | null {
  if (path === "/") return "/api/dashboard";
  const challengeId = challengePageId(path);
  return challengeId === null ? null : `/api/challenges/${challengeId}`;
}

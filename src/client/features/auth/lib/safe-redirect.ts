/**
 * The in-app path a `redirect` query parameter asks for, or "/". Only same-site absolute paths are
 * honoured so a crafted link cannot bounce a fresh sign-in to another site.
 */
export function safeRedirectTarget(raw: string | null | undefined): string {
  if (!raw?.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return "/";
  // The auth page itself is never a useful destination and would loop.
  if (/^\/(auth|login)(?:[/?#]|$)/.test(raw)) return "/";
  return raw;
}

/** `/auth?redirect=<path+search>` for a signed-out visitor of `path`. */
export function authRedirectUrl(pathWithSearch: string, authPath = "/auth"): string {
  if (!pathWithSearch || pathWithSearch === "/") return authPath;
  return `${authPath}?${new URLSearchParams({ redirect: pathWithSearch }).toString()}`;
}

import { safeRedirectTarget } from "../../auth/public";

/**
 * Where a successful admin sign-in goes: the admin page the visitor came for (a `redirect` inside
 * /admin, other than the sign-in itself), else the dashboard.
 */
export function adminTargetOf(redirect: string | null | undefined): string {
  const target = safeRedirectTarget(redirect);
  if (!/^\/admin(?:[/?#]|$)/.test(target)) return "/admin/dashboard";
  if (/^\/admin\/login(?:[/?#]|$)/.test(target)) return "/admin/dashboard";
  return target;
}

import { Navigate, Outlet, ScrollRestoration, useLocation } from "react-router";
import { useCurrentUser } from "../hooks/use-current-user";

/**
 * Wraps every route: restores scroll per navigation, and applies the rule that a signed-in admin
 * anywhere outside /admin is sent to /admin
 * (docs/product/routes-and-screens.md#guards-and-redirects).
 */
export function RootRoute() {
  const { user } = useCurrentUser();
  const { pathname } = useLocation();
  if (user?.isAdmin && !/^\/admin(?:\/|$)/.test(pathname)) return <Navigate to="/admin" replace />;
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

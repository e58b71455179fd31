import { Navigate, Outlet, ScrollRestoration, useLocation } from "react-router";
import { useCurrentUser } from "../hooks/use-current-user";
import { RouteFocus } from "./route-focus";

/**
 * Wraps every route: restores scroll per navigation, moves focus to each new page's heading and
 * announces it, and applies the rule that a signed-in admin anywhere outside /admin is sent
 * to /admin (docs/product/routes-and-screens.md#guards-and-redirects).
 */
export function RootRoute() {
  const { user } = useCurrentUser();
  const { pathname } = useLocation();
  if (user?.isAdmin && !/^\/admin(?:\/|$)/.test(pathname)) return <Navigate to="/admin" replace />;
  return (
    <>
      <ScrollRestoration />
      <RouteFocus />
      <Outlet />
    </>
  );
}

import { Outlet, ScrollRestoration } from "react-router";
import { RouteFocus } from "./route-focus";

/**
 * Wraps every route: restores scroll per navigation, moves focus to each new page's heading and
 * announces it. Admins may open every player page (ADR 0030); the account menus switch between
 * Admin and Play (docs/product/routes-and-screens.md#guards-and-redirects).
 */
export function RootRoute() {
  return (
    <>
      <ScrollRestoration />
      <RouteFocus />
      <Outlet />
    </>
  );
}

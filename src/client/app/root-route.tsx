import { type ReactNode, useEffect } from "react";
import { ScrollRestoration, useLocation, useNavigate } from "../lib/router";
import { dismissToasts, setToastNavigation } from "../lib/toast";
import { RouteFocus } from "./route-focus";

// A toast raised this recently belongs to the action that changed the page ("Challenge Created!",
// then the new challenge): it comes along; older ones belong to the page left behind.
const TOAST_GRACE_MS = 2000;

/**
 * Wraps every route: restores scroll per navigation, moves focus to each new page's heading and
 * announces it, and takes the last page's toast away (docs/product/routes-and-screens.md#toasts).
 * Admins may open every player page (ADR 0030); the account menus switch between Admin and Play
 * (docs/product/routes-and-screens.md#guards-and-redirects).
 */
export function RootRoute({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  // A toast's link ("View Result") opens inside the app.
  useEffect(() => {
    setToastNavigation((href) => void navigate(href));
    return () => setToastNavigation(null);
  }, [navigate]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of page, which is what pathname says
  useEffect(() => {
    dismissToasts({ olderThanMs: TOAST_GRACE_MS });
  }, [pathname]);
  return (
    <>
      <ScrollRestoration />
      <RouteFocus />
      {children}
    </>
  );
}

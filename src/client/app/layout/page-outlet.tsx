import { Suspense } from "react";
import { Outlet, useLocation } from "../../lib/router";
import { ErrorBoundary } from "../../components/ui/error-boundary";
import { PageSpinner } from "../../components/ui/page-spinner";

/**
 * The page slot of every layout: a render error shows the error screen inside the layout (header
 * and navigation stay usable) and navigating elsewhere clears it.
 */
export function PageOutlet() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary key={pathname}>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
}

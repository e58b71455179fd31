import { type ReactNode, Suspense } from "react";
import { ErrorBoundary } from "../components/ui/error-boundary";
import { PageSpinner } from "../components/ui/page-spinner";

/** A lazy page outside any layout (the auth page), with its own loading and error states. */
export function Suspended({ children, fullScreen = false }: { children: ReactNode; fullScreen?: boolean }) {
  return (
    <ErrorBoundary fullScreen={fullScreen}>
      <Suspense fallback={<PageSpinner fullScreen={fullScreen} />}>{children}</Suspense>
    </ErrorBoundary>
  );
}

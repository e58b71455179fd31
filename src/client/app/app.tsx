import { useEffect } from "react";
import { ErrorBoundary } from "../components/ui/error-boundary";
import { Providers } from "./providers";
import { AppRoutes } from "./router";

/**
 * The whole app. `onCommitted` runs once React has committed the first render (after every page
 * effect): main.tsx lets a server-rendered first screen take input from then on. An effect here,
 * not a sibling component: the server renders <App /> alone, and a sibling would shift the tree
 * positions useId derives its ids from, so hydrated labels would name other ids than the client's.
 */
export function App({ onCommitted }: { onCommitted?: () => void }) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after the first commit.
  useEffect(() => onCommitted?.(), []);
  return (
    <ErrorBoundary fullScreen>
      <Providers>
        <AppRoutes />
      </Providers>
    </ErrorBoundary>
  );
}

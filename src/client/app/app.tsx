import { ErrorBoundary } from "../components/ui/error-boundary";
import { Providers } from "./providers";
import { AppRoutes } from "./router";

export function App() {
  return (
    <ErrorBoundary fullScreen>
      <Providers>
        <AppRoutes />
      </Providers>
    </ErrorBoundary>
  );
}

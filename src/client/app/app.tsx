import { useState } from "react";
import { RouterProvider } from "react-router";
import { ErrorBoundary } from "../components/ui/error-boundary";
import { Providers } from "./providers";
import { createAppRouter } from "./router";

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <ErrorBoundary fullScreen>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </ErrorBoundary>
  );
}

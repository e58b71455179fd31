import { useRouteError } from "react-router";
import { ErrorScreen } from "../components/ui/error-screen";

/**
 * Last-resort screen for errors the layouts' boundaries did not catch. A full reload is the
 * reliable retry here: the usual cause is a page chunk gone missing after a new deployment.
 */
export function RouteErrorScreen() {
  const error = useRouteError();
  console.error("Route error", error);
  return <ErrorScreen fullScreen onRetry={() => window.location.reload()} />;
}

import { Component, type ReactNode } from "react";
import { ErrorScreen } from "../components/ui/error-screen";

/**
 * Last-resort screen for errors the layouts' boundaries did not catch. A full reload is the
 * reliable retry here: the usual cause is a page chunk gone missing after a new deployment.
 */
export function RouteErrorScreen({ error }: { error: unknown }) {
  console.error("Route error", error);
  return <ErrorScreen fullScreen onRetry={() => window.location.reload()} />;
}

type RouteErrorBoundaryProps = { children: ReactNode; location: unknown };
type RouteErrorBoundaryState = { failed: boolean; error: unknown; location: unknown };

/**
 * Around all routes (react-router's errorElement on the root route): shows RouteErrorScreen in
 * their place, and tries the routes again once the location changes (Back, a link).
 */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  state: RouteErrorBoundaryState = { failed: false, error: null, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<RouteErrorBoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(
    props: RouteErrorBoundaryProps,
    state: RouteErrorBoundaryState,
  ): Partial<RouteErrorBoundaryState> | null {
    return props.location === state.location ? null : { failed: false, error: null, location: props.location };
  }

  render() {
    return this.state.failed ? <RouteErrorScreen error={this.state.error} /> : this.props.children;
  }
}

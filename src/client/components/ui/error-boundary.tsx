import { Component, type ErrorInfo, type ReactNode } from "react";
import { ErrorScreen } from "./error-screen";

type ErrorBoundaryProps = { children: ReactNode; fullScreen?: boolean };
type ErrorBoundaryState = { error: unknown };

/**
 * A page chunk that failed to download (offline, or replaced by a new deployment). React.lazy
 * remembers the failure, so only a reload can fetch it again.
 */
function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically|Failed to fetch/i.test(
    message,
  );
}

/** Catches render errors below it; "Try again" re-renders the children from scratch (or reloads for a lost chunk). */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  state: ErrorBoundaryState = { error: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { error };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error("Render error", error, info.componentStack);
  }

  render() {
    if (this.state.error) {
      const retry = isChunkLoadError(this.state.error)
        ? () => window.location.reload()
        : () => this.setState({ error: null });
      return <ErrorScreen fullScreen={this.props.fullScreen} onRetry={retry} />;
    }
    return this.props.children;
  }
}

import { Component, type ErrorInfo, type ReactNode } from "react";
import { ErrorScreen } from "./error-screen";

type ErrorBoundaryProps = { children: ReactNode; fullScreen?: boolean };
type ErrorBoundaryState = { error: unknown };

/** Catches render errors below it; "Try again" re-renders the children from scratch. */
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
      return <ErrorScreen fullScreen={this.props.fullScreen} onRetry={() => this.setState({ error: null })} />;
    }
    return this.props.children;
  }
}

import { AlertIcon } from "./icons";
import { usePageTitle } from "../../hooks/use-page-title";

type ErrorScreenProps = { onRetry: () => void; fullScreen?: boolean };

/** The generic failure screen (docs/product/routes-and-screens.md#error-screens). */
export function ErrorScreen({ onRetry, fullScreen = false }: ErrorScreenProps) {
  usePageTitle("Something Went Wrong");
  return (
    <div role="alert" className={`flex items-center justify-center px-4 ${fullScreen ? "min-h-dvh" : "py-20"}`}>
      <div className="card w-full max-w-md border border-base-300 bg-base-100 shadow-sm">
        <div className="card-body items-center text-center">
          <span className="text-4xl text-error">
            <AlertIcon />
          </span>
          <h1 className="card-title text-2xl">Something went wrong</h1>
          <p className="text-base-content/70">An unexpected error stopped this page. Please try again.</p>
          <div className="card-actions mt-2">
            <button type="button" className="btn btn-primary" onClick={onRetry}>
              Try again
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}

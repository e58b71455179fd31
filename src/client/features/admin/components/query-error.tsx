import { AlertIcon } from "../../../components/ui/icons";
import { errorMessage } from "../../../lib/errors";

/** A failed load, with the server's message and a way to try again. */
export function QueryError({
  error,
  onRetry,
  what = "this page",
}: {
  error: unknown;
  onRetry: () => void;
  what?: string;
}) {
  return (
    <div role="alert" className="alert alert-error alert-soft items-start">
      <AlertIcon className="mt-0.5 text-lg" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">Could not load {what}</p>
        <p className="text-sm">{errorMessage(error, "Something went wrong. Please try again.")}</p>
      </div>
      <button type="button" className="btn btn-sm" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

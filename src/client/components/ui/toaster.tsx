import { dismissToast, useToasts } from "../../lib/toast";
import { AlertIcon, CheckIcon, XIcon } from "./icons";

/** Renders the one visible toast; the live region stays mounted so screen readers hear each new one. */
export function Toaster() {
  const toasts = useToasts().filter((t) => t.open);
  return (
    <div
      role="status"
      aria-live="polite"
      aria-atomic="true"
      className="toast toast-top toast-center z-[1100] w-[min(26rem,calc(100vw-2rem))] md:toast-bottom md:toast-end"
    >
      {toasts.map((t) => (
        <div
          key={t.id}
          data-testid="toast"
          data-variant={t.variant}
          className={`alert items-start whitespace-normal shadow-lg ${t.variant === "destructive" ? "alert-error" : "border-base-300 bg-base-100"}`}
        >
          <span className={`mt-0.5 text-lg ${t.variant === "destructive" ? "" : "text-success"}`}>
            {t.variant === "destructive" ? <AlertIcon /> : <CheckIcon />}
          </span>
          <div className="min-w-0 flex-1 break-words">
            {t.title && <p className="font-semibold">{t.title}</p>}
            {t.description && <p className="text-sm opacity-90">{t.description}</p>}
          </div>
          <button
            type="button"
            className="btn btn-ghost btn-xs btn-circle"
            aria-label="Dismiss notification"
            onClick={() => dismissToast(t.id)}
          >
            <XIcon />
          </button>
        </div>
      ))}
    </div>
  );
}

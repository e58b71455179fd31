import { AlertIcon } from "./icons";

/**
 * Why a form's last submit was refused, written in the form (a toast alone would be the only,
 * passing copy of the error, WCAG 3.3.1). Focusable from script so focus can be moved to it.
 */
export function FormFailure({ id, message, title }: { id?: string; message: string | null; title?: string }) {
  if (!message) return null;
  return (
    <div id={id} role="alert" tabIndex={-1} className="alert alert-error alert-soft outline-none">
      <AlertIcon className="shrink-0 text-lg" />
      <p>
        {title && <span className="font-semibold">{title}: </span>}
        {message}
      </p>
    </div>
  );
}

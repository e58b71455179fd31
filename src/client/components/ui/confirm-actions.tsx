/**
 * The footer of a confirmation dialog: Cancel, then the action (docs/product/routes-and-screens.md).
 * While the action runs its button shows a spinner and its pending label and ignores presses, but
 * stays focusable (aria-disabled rather than disabled, so focus is not thrown out of the dialog).
 * Without `onConfirm` the action button submits the form around it.
 */
export function ConfirmActions({
  confirmLabel,
  pendingLabel,
  pending = false,
  tone = "primary",
  onCancel,
  onConfirm,
  className = "mt-2",
}: {
  confirmLabel: string;
  /** Shown on the action while it runs ("Deleting..."); the confirm label by default. */
  pendingLabel?: string;
  pending?: boolean;
  /** Destructive actions take the error colour. */
  tone?: "danger" | "primary";
  onCancel: () => void;
  onConfirm?: () => void;
  className?: string;
}) {
  return (
    <div className={`modal-action ${className}`}>
      <button type="button" className="btn btn-ghost" onClick={onCancel}>
        Cancel
      </button>
      <button
        type={onConfirm ? "button" : "submit"}
        className={`btn ${tone === "danger" ? "btn-error" : "btn-primary"} ${pending ? "btn-disabled" : ""}`}
        aria-disabled={pending || undefined}
        onClick={onConfirm ? () => !pending && onConfirm() : undefined}
      >
        {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {pending ? (pendingLabel ?? confirmLabel) : confirmLabel}
      </button>
    </div>
  );
}

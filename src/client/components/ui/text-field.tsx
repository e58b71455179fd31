import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from "react";

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id"> & {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  optional?: boolean;
  /** Marks the field invalid for a message shown elsewhere (a form-level error), named by `describedBy`. */
  invalid?: boolean;
  /** Ids of other elements that describe the field (such as that form-level error). */
  describedBy?: string;
  ref?: Ref<HTMLInputElement>;
};

/** A labelled input with its validation message announced through aria-describedby. */
export function TextField({
  label,
  error,
  hint,
  optional = false,
  invalid = false,
  describedBy: extraDescribedBy,
  className = "",
  ...inputProps
}: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy =
    [error ? errorId : null, extraDescribedBy ?? null, hint && !error ? hintId : null].filter(Boolean).join(" ") ||
    undefined;
  const isInvalid = Boolean(error) || invalid;
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {optional && <span className="ml-1 font-normal text-base-content/60">(optional)</span>}
      </label>
      <input
        id={id}
        className={`input w-full ${isInvalid ? "input-error" : ""}`}
        aria-invalid={isInvalid ? true : undefined}
        aria-describedby={describedBy}
        {...inputProps}
      />
      {hint && !error && (
        <p id={hintId} className="text-xs text-base-content/60">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-error">
          {error}
        </p>
      )}
    </div>
  );
}

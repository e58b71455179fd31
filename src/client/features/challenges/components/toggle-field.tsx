import { type ReactNode, useId } from "react";

type ToggleFieldProps = {
  label: string;
  description?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
};

/** A labelled switch (a checkbox underneath, so it reads and behaves as one for assistive tech). */
export function ToggleField({ label, description, checked, onChange }: ToggleFieldProps) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 rounded-box border border-base-300 p-4">
      <div className="min-w-0">
        <label htmlFor={id} className="flex min-h-11 cursor-pointer items-center font-medium">
          {label}
        </label>
        {description && (
          <p id={`${id}-description`} className="mt-0.5 text-sm text-base-content/70">
            {description}
          </p>
        )}
      </div>
      <input
        id={id}
        type="checkbox"
        className="toggle toggle-primary mt-0.5 shrink-0"
        checked={checked}
        aria-describedby={description ? `${id}-description` : undefined}
        onChange={(e) => onChange(e.target.checked)}
      />
    </div>
  );
}

import type { ReactNode } from "react";

type EmptyStateProps = { icon?: ReactNode; title: string; children?: ReactNode };

/** What a list shows when it has nothing (or nothing matching the filters). */
export function EmptyState({ icon, title, children }: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center gap-2 px-6 py-12 text-center">
      {icon && (
        <span
          className="flex size-12 items-center justify-center rounded-full bg-base-200 text-2xl text-base-content/60"
          aria-hidden="true"
        >
          {icon}
        </span>
      )}
      <p className="font-semibold">{title}</p>
      {children && <div className="max-w-sm text-sm text-base-content/70">{children}</div>}
    </div>
  );
}

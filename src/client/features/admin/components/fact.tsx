import type { ReactNode } from "react";

/** A labelled value in a detail panel's <dl>. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs uppercase tracking-wide text-base-content/60">{label}</dt>
      <dd className="mt-0.5 break-words">{children}</dd>
    </div>
  );
}

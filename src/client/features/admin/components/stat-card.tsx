import type { ReactNode } from "react";
import { Link } from "../../../lib/router";
import { formatCount } from "../lib/format";

type StatCardProps = {
  label: string;
  value: number;
  hint?: ReactNode;
  icon?: ReactNode;
  /** Where the figure can be acted on (the support inbox for open requests). */
  to?: string;
  tone?: "primary" | "secondary" | "accent" | "warning" | "info";
};

const TONES = {
  primary: "bg-primary/10 text-primary",
  secondary: "bg-secondary/10 text-secondary",
  accent: "bg-accent/25 text-base-content",
  warning: "bg-warning/15 text-warning",
  info: "bg-info/15 text-info",
} as const;

/** One dashboard total; a region named after its label so it can be found and read on its own. */
export function StatCard({ label, value, hint, icon, to, tone = "primary" }: StatCardProps) {
  return (
    <section aria-label={label} className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-1 p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 className="min-w-0 text-sm font-medium text-base-content/70">{label}</h2>
          {icon && (
            <span
              className={`flex size-8 shrink-0 items-center justify-center rounded-full text-base ${TONES[tone]}`}
              aria-hidden="true"
            >
              {icon}
            </span>
          )}
        </div>
        <p className="text-3xl font-bold tabular-nums" data-testid="stat-value">
          {formatCount(value)}
        </p>
        {(hint || to) && (
          <div className="flex flex-wrap items-center justify-between gap-x-2 text-xs text-base-content/60">
            {hint && <span>{hint}</span>}
            {to && (
              <Link to={to} className="link link-primary inline-flex min-h-11 min-w-11 items-center justify-center">
                Open
              </Link>
            )}
          </div>
        )}
      </div>
    </section>
  );
}

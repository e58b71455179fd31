import type { ReactNode } from "react";
import { Link } from "../../../lib/router";
import { ArrowLeftIcon } from "../../../components/ui/icons";

type PageHeaderProps = {
  title: ReactNode;
  subtitle?: ReactNode;
  backTo?: string;
  backLabel?: string;
  actions?: ReactNode;
};

/** Title row of the challenge pages, with an optional Back button above it. */
export function PageHeader({ title, subtitle, backTo, backLabel = "Back", actions }: PageHeaderProps) {
  return (
    <header className="flex flex-col gap-3">
      {backTo && (
        <Link to={backTo} className="btn btn-ghost btn-sm -ml-3 self-start">
          <ArrowLeftIcon className="text-base" />
          {backLabel}
        </Link>
      )}
      {/* The actions wrap under the title when both do not fit (large text on a tablet). */}
      <div className="flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1 className="break-words text-2xl font-bold tracking-tight sm:text-3xl">{title}</h1>
          {subtitle && <p className="mt-1 text-base-content/70">{subtitle}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
    </header>
  );
}

import type { ReactNode } from "react";
import { Link } from "../../lib/router";
import { Logo } from "../../components/ui/logo";
import { ThemeToggle } from "./theme-toggle";

type SiteHeaderProps = { homeTo?: string; actions?: ReactNode; children?: ReactNode };

/** Sticky header: logo, theme toggle and whatever actions the layout adds; children render below (navigation). */
export function SiteHeader({ homeTo = "/", actions, children }: SiteHeaderProps) {
  return (
    <header
      data-sticky="top"
      className="sticky top-0 z-40 border-b border-base-300 bg-base-100/90 backdrop-blur supports-[backdrop-filter]:bg-base-100/75"
    >
      <div className="@container mx-auto flex min-h-16 max-w-6xl flex-wrap items-center justify-between gap-2 px-4 sm:px-6">
        <Link
          to={homeTo}
          className="flex min-h-11 min-w-0 items-center rounded-field text-lg focus-visible:outline-2 focus-visible:outline-primary"
          aria-label="Birdie Challenge home"
        >
          <Logo />
        </Link>
        <div className="flex flex-wrap items-center justify-end gap-1">
          <ThemeToggle />
          {actions}
        </div>
      </div>
      {children}
    </header>
  );
}

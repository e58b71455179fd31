import type { ReactNode } from "react";
import { Link, useLocation, useNavigate } from "../../lib/router";
import { Avatar } from "../../components/ui/avatar";
import { SkipLink } from "../../components/ui/skip-link";
import {
  ChartIcon,
  FlagIcon,
  HomeIcon,
  LifeBuoyIcon,
  LogOutIcon,
  ShieldIcon,
  UsersIcon,
} from "../../components/ui/icons";
import type { SessionUser } from "../../lib/session";
import { useAuth } from "../../features/auth/public";
import { PageOutlet } from "./page-outlet";
import { SiteHeader } from "./site-header";
import { useStickyChrome } from "./use-sticky-chrome";

type AdminNavItem = { to: string; label: string; icon: ReactNode; matches: (pathname: string) => boolean };

const section = (path: string) => (pathname: string) => pathname === path || pathname.startsWith(`${path}/`);

const ADMIN_NAV: AdminNavItem[] = [
  // /admin is the dashboard too, so the entry is current on both paths.
  {
    to: "/admin/dashboard",
    label: "Dashboard",
    icon: <HomeIcon />,
    matches: (p) => /^\/admin\/?$/.test(p) || section("/admin/dashboard")(p),
  },
  { to: "/admin/users", label: "Users", icon: <UsersIcon />, matches: section("/admin/users") },
  { to: "/admin/challenges", label: "Challenges", icon: <FlagIcon />, matches: section("/admin/challenges") },
  { to: "/admin/support", label: "Support", icon: <LifeBuoyIcon />, matches: section("/admin/support") },
  { to: "/admin/fair-play", label: "Fair play", icon: <ShieldIcon />, matches: section("/admin/fair-play") },
  { to: "/admin/analytics", label: "Analytics", icon: <ChartIcon />, matches: section("/admin/analytics") },
];

/**
 * The admin shell: the shared header (with who is signed in, Play for the player pages and a
 * sign-out button instead of the player menu) and one navigation that is a side bar from 768 px and
 * a sticky top bar on phones (its items wrap rather than scroll sideways).
 */
export function AdminLayout({ user }: { user: SessionUser }) {
  const { pathname } = useLocation();
  useStickyChrome();
  return (
    <div className="flex min-h-dvh flex-col bg-base-200">
      <SkipLink />
      <SiteHeader homeTo="/admin" actions={<AdminAccount user={user} />} />
      <div className="mx-auto flex w-full max-w-6xl flex-1 flex-col md:flex-row md:gap-8 md:px-6">
        <nav
          aria-label="Admin"
          data-sticky="top"
          className="sticky top-[var(--header-height,4rem)] z-30 border-b border-base-300 bg-base-100/95 backdrop-blur md:top-24 md:z-auto md:w-52 md:shrink-0 md:self-start md:border-0 md:bg-transparent md:py-8 md:backdrop-blur-none"
        >
          <p className="hidden px-3 pb-2 text-xs font-semibold uppercase tracking-wider text-base-content/60 md:block">
            Admin
          </p>
          <ul className="flex flex-wrap gap-x-1 px-2 md:flex-col md:px-0">
            {ADMIN_NAV.map((item) => {
              const current = item.matches(pathname);
              return (
                <li key={item.to} className="shrink-0">
                  <Link
                    to={item.to}
                    aria-current={current ? "page" : undefined}
                    className={`flex items-center gap-2 whitespace-nowrap border-b-2 px-3 py-3 text-sm font-medium transition-colors md:rounded-field md:border-b-0 md:py-2.5 ${
                      current
                        ? "border-primary text-primary md:bg-primary/10"
                        : "border-transparent text-base-content/70 hover:text-base-content md:hover:bg-base-300/60"
                    }`}
                  >
                    <span className="text-base" aria-hidden="true">
                      {item.icon}
                    </span>
                    {item.label}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        {/* min-w-0: a wide table scrolls inside its own container instead of widening the page. */}
        <main id="main" className="min-w-0 flex-1 px-4 py-6 md:px-0 md:py-8">
          <PageOutlet />
        </main>
      </div>
    </div>
  );
}

function AdminAccount({ user }: { user: SessionUser }) {
  const { logout, isLoggingOut } = useAuth();
  const navigate = useNavigate();
  const name = user.displayName || user.username;

  async function signOut() {
    // The shared logout ends on /auth; an admin signing out belongs back at the admin sign-in.
    if (await logout()) await navigate("/admin/login", { replace: true });
  }

  return (
    <div className="flex flex-wrap items-center justify-end gap-2">
      <div className="flex min-w-0 items-center gap-2" title={`Signed in as ${name} (@${user.username})`}>
        <Avatar name={name} src={user.profilePicture} size="sm" />
        <div className="hidden min-w-0 leading-tight sm:block">
          <p className="sr-only">Signed in as</p>
          <p className="max-w-40 wrap-anywhere text-sm font-semibold" data-testid="admin-signed-in-name">
            {name}
          </p>
          <p className="max-w-40 wrap-anywhere text-xs text-base-content/60">Admin · @{user.username}</p>
        </div>
        <span className="sr-only sm:hidden">Signed in as {name}</span>
      </div>
      {/* Admins play too (ADR 0030): Play opens the player pages. */}
      <Link to="/" className="btn btn-ghost min-h-11">
        <FlagIcon className="text-base" />
        Play
      </Link>
      <button
        type="button"
        className="btn btn-ghost min-h-11"
        aria-label="Sign out"
        onClick={signOut}
        disabled={isLoggingOut}
      >
        {isLoggingOut ? (
          <span className="loading loading-spinner loading-xs" aria-hidden="true" />
        ) : (
          <LogOutIcon className="text-base" />
        )}
        <span className="hidden sm:inline">Sign out</span>
      </button>
    </div>
  );
}

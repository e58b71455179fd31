import { NavLink } from "react-router";
import type { SessionUser } from "../../features/auth/lib/cached-user";
import { AvatarMenu } from "./avatar-menu";
import { PageOutlet } from "./page-outlet";
import { SiteHeader } from "./site-header";

const ADMIN_NAV = [
  { to: "/admin/dashboard", label: "Dashboard" },
  { to: "/admin/users", label: "Users" },
  { to: "/admin/challenges", label: "Challenges" },
  { to: "/admin/support", label: "Support" },
  { to: "/admin/analytics", label: "Analytics" },
];

/** The admin shell: the same header, with the admin sections as a scrollable tab strip. */
export function AdminLayout({ user }: { user: SessionUser }) {
  return (
    <div className="flex min-h-dvh flex-col bg-base-200">
      <SiteHeader homeTo="/admin" actions={<AvatarMenu user={user} />}>
        <nav aria-label="Admin" className="border-t border-base-300/70">
          <ul className="mx-auto flex max-w-6xl gap-1 overflow-x-auto px-4 sm:px-6">
            {ADMIN_NAV.map((item) => (
              <li key={item.to}>
                <NavLink
                  to={item.to}
                  className={({ isActive }) =>
                    `block whitespace-nowrap border-b-2 px-3 py-3 text-sm font-medium ${
                      isActive ? "border-primary text-primary" : "border-transparent text-base-content/70 hover:text-base-content"
                    }`
                  }
                >
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </SiteHeader>
      <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 md:py-8">
        <PageOutlet />
      </main>
    </div>
  );
}

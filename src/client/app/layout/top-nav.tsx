import { NavLink } from "../../lib/router";
import { TOP_NAV } from "./nav-items";

/** Desktop navigation; at 768 px and wider only (the bottom bar covers phones). Wraps with large text. */
export function TopNav() {
  return (
    <nav aria-label="Main" className="hidden border-t border-base-300/70 md:block">
      <ul className="mx-auto flex max-w-6xl flex-wrap gap-x-1 px-4 sm:px-6">
        {TOP_NAV.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.end}
              className={({ isActive }) =>
                `flex items-center gap-2 whitespace-nowrap border-b-2 px-3 py-3 text-sm font-medium transition-colors ${
                  isActive
                    ? "border-primary text-primary"
                    : "border-transparent text-base-content/70 hover:text-base-content"
                }`
              }
            >
              <span className="text-base">{item.icon}</span>
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

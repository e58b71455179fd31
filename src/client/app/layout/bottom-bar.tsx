import { NavLink } from "react-router";
import { BOTTOM_NAV } from "./nav-items";

/** Phone navigation, below 768 px only. */
export function BottomBar() {
  return (
    <nav
      aria-label="Bottom navigation"
      data-testid="bottom-bar"
      className="dock dock-sm z-40 border-t border-base-300 md:hidden"
    >
      {BOTTOM_NAV.map((item) => (
        <NavLink
          key={item.to}
          to={item.to}
          end={item.end}
          className={({ isActive }) => `min-w-0 ${isActive ? "dock-active text-primary" : "text-base-content/70"}`}
        >
          <span className="text-xl" aria-hidden="true">
            {item.icon}
          </span>
          <span className="dock-label max-w-full truncate">{item.label}</span>
        </NavLink>
      ))}
    </nav>
  );
}

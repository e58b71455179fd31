import { NavLink } from "../../lib/router";
import { BOTTOM_NAV } from "./nav-items";

/**
 * Phone navigation, below 768 px only. The six labels fit side by side from about 23rem of width;
 * on a narrower screen or with larger text they would be cut ("Leaderb..."), so the bar shows its
 * icons alone and each label stays as the link's accessible name (WCAG 1.4.10).
 */
export function BottomBar() {
  return (
    <nav
      aria-label="Bottom navigation"
      data-testid="bottom-bar"
      data-sticky="bottom"
      className="dock dock-sm @container z-40 border-t border-base-300 md:hidden"
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
          <span className="dock-label whitespace-nowrap @max-[23rem]:sr-only">{item.label}</span>
        </NavLink>
      ))}
    </nav>
  );
}

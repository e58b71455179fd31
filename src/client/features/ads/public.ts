// What other features and the app shell may use from ads; everything else stays inside.

/** Pages place the banner, card and divider ad slots themselves (dashboard, leaderboards, challenges, profile). */
export { AdBanner } from "./components/ad-banner";
export { AdCard } from "./components/ad-card";
export { AdDivider } from "./components/ad-divider";
/** The signed-in layout hosts the one popup per page load. */
export { AdPopup } from "./components/ad-popup";
/** The profile settings switch ad-free mode on and off. */
export { useAdFreeMode } from "./lib/ad-settings";

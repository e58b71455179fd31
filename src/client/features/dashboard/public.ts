// What the app shell uses of the dashboard feature.
/** main.tsx: start loading the dashboard's data before React renders. */
export { startDashboardLoad } from "./lib/early-load";

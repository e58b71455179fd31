// What other features and the app shell may use from the offline outbox.

/** The record form keeps a verified round on the device when there is no connection. */
export { queueRound } from "./lib/outbox";
/** The challenge grids show the holes of rounds still waiting on this device. */
export { usePendingHoles } from "./hooks/use-pending-holes";
/** The dashboard's current-challenge card shows how many rounds wait on this device. */
export { PendingSyncBadge } from "./components/pending-sync-badge";
/** The signed-in layout runs the outbox and shows the waiting and refused rounds. */
export { OfflineSync } from "./components/offline-sync";
export { PendingSyncPanel } from "./components/pending-sync-panel";
/** The signed-in layout keeps what the golfer saw on the device and says so when offline (ADR 0029). */
export { OfflineBanner, OfflineData } from "./components/offline-data";
/** Offline, the dashboard waits for the kept data instead of saying there is none. */
export { useKeptDataRestored } from "./components/offline-data";
/** The dashboard does not wait for its one request while the device has no network. */
export { useOnlineStatus } from "./hooks/use-online-status";

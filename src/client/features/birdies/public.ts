// What other features may use from birdies (records, hole grids and their dialogs).

/** The dashboard and the leaderboard's player dialog draw a player's 18 holes the same way. */
export { HoleStatusGrid } from "./components/hole-status-grid";
export { HoleDetailsDialog } from "./components/hole-details-dialog";
export { holeFieldsFromRecords, holeStatuses, holesByCourse } from "./lib/hole-records";
/** Records and progress queries that the dashboard and leaderboards show. */
export { useChallengeProgress, useMyChallenges, useOwnBirdies, usePlayerBirdies } from "./hooks/use-birdies";
/** The challenge detail page shows the player's progress and their editable records. */
export { EditBirdies } from "./components/edit-birdies";
export { YourProgress } from "./components/your-progress";
/** The signed-in layout lets the offline outbox hand a refused round back to the record form. */
export { useRefusedRoundRestorer } from "./hooks/use-refused-round";

// What other features may use from achievements.

/** The dashboard's recent-achievements widget shows the latest earned ones with their icons. */
export { AchievementIcon } from "./components/achievement-icon";
export { useMyAchievements } from "./hooks/use-achievements";
export { latestEarned } from "./lib/achievement-progress";

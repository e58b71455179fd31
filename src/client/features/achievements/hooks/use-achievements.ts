import { trpc } from "../../../lib/trpc";

/** The catalogue of every achievement (seeded by a migration; it changes only with a release). */
export function useAchievementCatalogue() {
  return trpc.achievements.list.useQuery();
}

/** The signed-in player's earned achievements, newest first. */
export function useMyAchievements() {
  return trpc.achievements.mine.useQuery();
}

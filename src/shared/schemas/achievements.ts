import { z } from "zod";
import { positiveIdSchema } from "./courses";

export const ACHIEVEMENT_TYPES = [
  "first_birdie",
  "milestone_birdie",
  "halfway",
  "complete_set",
  "dual_birdie",
  "triple_threat",
  "weekend_warrior",
  "early_bird",
  "weather_warrior",
] as const;
export type AchievementType = (typeof ACHIEVEMENT_TYPES)[number];

/** One entry of the catalogue (docs/product/api.md#achievement-shapes). */
export type Achievement = {
  id: number;
  name: string;
  description: string;
  category: "milestone" | "specialty";
  achievementType: string;
  icon: string;
};

/** A user's earned achievement (docs/product/api.md#achievement-shapes). */
export type UserAchievement = {
  id: number;
  achievementId: number;
  challengeId: number | null;
  dateEarned: string;
  achievement: Achievement;
};

/** achievements.forUser and GET /api/users/{id}/achievements: whose achievements. */
export const userAchievementsSchema = z.object({ userId: positiveIdSchema("user") });

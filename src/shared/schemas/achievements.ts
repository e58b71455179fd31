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

/** SPEC.md §3 Achievement. */
export type Achievement = {
  id: number;
  name: string;
  description: string;
  category: "milestone" | "specialty";
  achievementType: string;
  icon: string;
};

/** SPEC.md §3 User achievement (dateEarned, also seen as earnedDate). */
export type UserAchievement = {
  id: number;
  achievementId: number;
  challengeId: number | null;
  dateEarned: string;
  earnedDate: string;
  achievement: Achievement;
};

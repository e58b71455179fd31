import type { Achievement, UserAchievement } from "../../../../shared/schemas/achievements";

export type AchievementTab = "all" | "milestone" | "specialty" | "earned";

export const ACHIEVEMENT_TABS: { id: AchievementTab; label: string }[] = [
  { id: "all", label: "All" },
  { id: "milestone", label: "Milestones" },
  { id: "specialty", label: "Specialty" },
  { id: "earned", label: "Earned" },
];

export type AchievementCard = Achievement & { earnedAt: string | null };

/** The catalogue with each entry's earned date, plus anything earned that the catalogue lacks. */
export function mergeAchievements(
  catalogue: readonly Achievement[],
  earned: readonly UserAchievement[],
): AchievementCard[] {
  const earnedAt = new Map<number, string>();
  for (const ua of earned) {
    const id = ua.achievementId ?? ua.achievement?.id;
    const at = ua.dateEarned;
    if (id !== undefined && !earnedAt.has(id)) earnedAt.set(id, at);
  }
  const cards: AchievementCard[] = catalogue.map((a) => ({ ...a, earnedAt: earnedAt.get(a.id) ?? null }));
  for (const ua of earned) {
    if (!catalogue.some((a) => a.id === (ua.achievementId ?? ua.achievement?.id)) && ua.achievement) {
      cards.push({ ...ua.achievement, earnedAt: ua.dateEarned });
    }
  }
  return cards;
}

export function filterAchievements(cards: readonly AchievementCard[], tab: AchievementTab): AchievementCard[] {
  switch (tab) {
    case "all":
      return [...cards];
    case "earned":
      // Newest first, as they were won.
      return cards
        .filter((c) => c.earnedAt !== null)
        .sort((a, b) => (b.earnedAt ?? "").localeCompare(a.earnedAt ?? ""));
    default:
      return cards.filter((c) => c.category === tab);
  }
}

/** 'N of M earned' and the completion percent, rounded. */
export function completion(cards: readonly AchievementCard[]): { earned: number; total: number; percent: number } {
  const total = cards.length;
  const earned = cards.filter((c) => c.earnedAt !== null).length;
  return { earned, total, percent: total === 0 ? 0 : Math.round((earned / total) * 100) };
}

/**
 * The `count` most recent achievements. One round often earns several at the same instant (First
 * Birdie with Early Bird and Weekend Warrior); those ties follow the catalogue's order, so the
 * milestone a golfer expects to see first is not pushed out by its companions.
 */
export function latestEarned<T extends { dateEarned?: string; achievementId?: number; achievement?: { id: number } }>(
  earned: readonly T[],
  count: number,
): T[] {
  const at = (ua: T) => new Date(ua.dateEarned ?? 0).getTime() || 0;
  const catalogueId = (ua: T) => ua.achievementId ?? ua.achievement?.id ?? Number.MAX_SAFE_INTEGER;
  return [...earned].sort((a, b) => at(b) - at(a) || catalogueId(a) - catalogueId(b)).slice(0, count);
}

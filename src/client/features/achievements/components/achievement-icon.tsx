import {
  Award,
  Bird,
  CalendarDays,
  Flag,
  Flame,
  type LucideIcon,
  Snowflake,
  Sunrise,
  Target,
  Trophy,
  Zap,
} from "lucide-react";

// The achievement catalogue names an icon per achievement; the type decides first (so a renamed
// icon key keeps its picture) and anything unknown gets the default badge (the `icon` of
// docs/product/api.md#achievement-shapes).

const ICONS: Record<string, LucideIcon> = {
  bird: Bird,
  target: Target,
  flag: Flag,
  trophy: Trophy,
  zap: Zap,
  flame: Flame,
  calendar: CalendarDays,
  sunrise: Sunrise,
  snowflake: Snowflake,
  award: Award,
};

const ICON_BY_TYPE: Record<string, string> = {
  first_birdie: "bird",
  milestone_birdie: "target",
  halfway: "flag",
  complete_set: "trophy",
  dual_birdie: "zap",
  triple_threat: "flame",
  weekend_warrior: "calendar",
  early_bird: "sunrise",
  weather_warrior: "snowflake",
};

export const DEFAULT_ACHIEVEMENT_ICON = "award";

/** The icon key for an achievement: by type, then by the catalogue's icon name, else the default. */
export function achievementIconKey(achievementType: string | null | undefined, icon?: string | null): string {
  const byType = achievementType ? ICON_BY_TYPE[achievementType] : undefined;
  if (byType) return byType;
  if (icon && icon in ICONS) return icon;
  return DEFAULT_ACHIEVEMENT_ICON;
}

type AchievementIconProps = {
  achievementType?: string | null;
  icon?: string | null;
  earned?: boolean;
  size?: "sm" | "md" | "lg";
};

const SIZES = { sm: "size-9 text-lg", md: "size-12 text-2xl", lg: "size-14 text-3xl" } as const;

export function AchievementIcon({ achievementType, icon, earned = true, size = "md" }: AchievementIconProps) {
  const key = achievementIconKey(achievementType, icon);
  const Glyph = ICONS[key] ?? Award;
  return (
    <span
      className={`flex ${SIZES[size]} shrink-0 items-center justify-center rounded-full ${earned ? "bg-accent/25 text-amber-600 dark:text-accent" : "bg-base-200 text-base-content/40"}`}
      data-icon={key}
    >
      <Glyph />
    </span>
  );
}

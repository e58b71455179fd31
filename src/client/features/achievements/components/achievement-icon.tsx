import type { ReactNode } from "react";
import { Icon } from "../../../components/ui/icons";

// Line icons for the achievement catalogue, drawn like the shell's own icons. The catalogue names
// an icon per achievement; the type decides first (so a renamed icon key keeps its picture) and
// anything unknown gets the default badge (SPEC.md §3).

const ICONS: Record<string, ReactNode> = {
  bird: (
    <>
      <path d="M16 7h.01" />
      <path d="M3.4 18H12a8 8 0 0 0 8-8V7a4 4 0 0 0-7.3-2.3L2 20" />
      <path d="m20 7 2 .5-2 .5" />
      <path d="M10 18v3M14 17.7V21M7 18a6 6 0 0 0 3.8-10.6" />
    </>
  ),
  target: (
    <>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="5" />
      <circle cx="12" cy="12" r="1" />
    </>
  ),
  flag: (
    <>
      <path d="M5 21V3" />
      <path d="M5 4h11l-2 4 2 4H5" />
    </>
  ),
  trophy: (
    <>
      <path d="M8 21h8M12 17v4" />
      <path d="M7 4h10v5a5 5 0 0 1-10 0z" />
      <path d="M17 5h3v2a3 3 0 0 1-3 3M7 5H4v2a3 3 0 0 0 3 3" />
    </>
  ),
  zap: <path d="M13 2 3 14h9l-1 8 10-12h-9z" />,
  flame: <path d="M12 22a7 7 0 0 0 7-7c0-4-3-6-4-9-1 2-2 3-3 3 0-2-1-4-3-6 0 4-4 7-4 12a7 7 0 0 0 7 7z" />,
  calendar: (
    <>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M16 3v4M8 3v4M3 10h18" />
      <path d="M8 14h2v2H8zM14 14h2v2h-2z" />
    </>
  ),
  sunrise: (
    <>
      <path d="M12 2v6M5.2 10.2l1.4 1.4M2 18h2M20 18h2M17.4 11.6l1.4-1.4M22 22H2" />
      <path d="m8 6 4-4 4 4" />
      <path d="M16 18a4 4 0 0 0-8 0" />
    </>
  ),
  snowflake: (
    <>
      <path d="M12 2v20M4.9 7l14.2 10M4.9 17 19.1 7" />
      <path d="m9 4 3 2 3-2M9 20l3-2 3 2" />
    </>
  ),
  award: (
    <>
      <circle cx="12" cy="9" r="6" />
      <path d="m8.2 14.2-1.7 7.3L12 19l5.5 2.5-1.7-7.3" />
    </>
  ),
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
  return (
    <span
      className={`flex ${SIZES[size]} shrink-0 items-center justify-center rounded-full ${earned ? "bg-accent/25 text-amber-600 dark:text-accent" : "bg-base-200 text-base-content/40"}`}
      data-icon={key}
    >
      <Icon>{ICONS[key]}</Icon>
    </span>
  );
}

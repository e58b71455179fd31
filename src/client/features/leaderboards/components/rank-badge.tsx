import { MedalIcon, TrophyIcon } from "../../../components/ui/icons";
import { medalFor } from "../lib/player-name";

// Each medal's icon keeps 3:1 against its disc in both themes (WCAG 1.4.11): the light theme needs
// the deeper shades, the dark theme the brighter ones.
const MEDAL_STYLE = {
  gold: { className: "bg-yellow-400/20 text-yellow-700 dark:text-yellow-400", label: "Gold" },
  silver: { className: "bg-slate-400/20 text-slate-600 dark:text-slate-300", label: "Silver" },
  bronze: { className: "bg-amber-700/15 text-amber-700 dark:text-amber-500", label: "Bronze" },
} as const;

/**
 * Gold, silver and bronze icons for ranks 1-3 of players with points
 * (docs/product/rules.md#challenge-boards), the rank number otherwise.
 */
export function RankBadge({ rank, points, size = "md" }: { rank: number; points: number; size?: "sm" | "md" }) {
  const medal = medalFor(rank, points);
  const box = size === "sm" ? "size-7 text-sm" : "size-9 text-lg";
  if (!medal) {
    return (
      <span
        className={`flex ${box} shrink-0 items-center justify-center rounded-full bg-base-200 text-xs font-semibold text-base-content/70`}
        role="img"
        aria-label={`Rank ${rank}`}
      >
        {rank}
      </span>
    );
  }
  const style = MEDAL_STYLE[medal];
  return (
    <span
      className={`flex ${box} shrink-0 items-center justify-center rounded-full ${style.className}`}
      role="img"
      aria-label={`Rank ${rank}, ${style.label} medal`}
      data-medal={medal}
    >
      {rank === 1 ? <TrophyIcon /> : <MedalIcon />}
    </span>
  );
}

import type { LeaderboardUser } from "../../../../shared/schemas/leaderboards";

/**
 * 'You' for the signed-in player (docs/product/texts-and-messages.md#dashboard), else the display
 * name, else 'Unknown User'.
 */
export function playerName(
  user: Pick<LeaderboardUser, "id" | "displayName" | "username">,
  currentUserId: number | undefined,
): string {
  if (currentUserId !== undefined && user.id === currentUserId) return "You";
  return user.displayName?.trim() || user.username?.trim() || "Unknown User";
}

/** The real name, for avatars and dialogs where 'You' would read oddly. */
export function realName(user: Pick<LeaderboardUser, "displayName" | "username">): string {
  return user.displayName?.trim() || user.username?.trim() || "Unknown User";
}

/** 'Handicap: 12.4', or 'Handicap: N/A' when none is set (docs/product/texts-and-messages.md#dashboard). */
export function handicapText(handicap: number | null | undefined): string {
  return `Handicap: ${handicap === null || handicap === undefined || Number.isNaN(handicap) ? "N/A" : handicap}`;
}

export type Medal = "gold" | "silver" | "bronze";

/**
 * Ranks 1-3 get medals (ties share them: competition ranks 1, 1, 3), but only for players with
 * points: a scoreless player wins no medal (docs/product/rules.md#challenge-boards).
 */
export function medalFor(rank: number, points: number): Medal | null {
  if (points <= 0) return null;
  return rank === 1 ? "gold" : rank === 2 ? "silver" : rank === 3 ? "bronze" : null;
}

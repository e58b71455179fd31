// docs/product/texts-and-messages.md#dashboard: earned times read as Today, Yesterday, N days ago
// (under 7 days), N weeks ago (under 30 days), then N months ago. Days are counted in calendar days
// on the viewer's clock, so something earned late last night is "Yesterday" this morning, not
// "Today".

const DAY_MS = 24 * 60 * 60 * 1000;

type DateLike = Date | string | number;

function startOfLocalDay(d: Date): number {
  return new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"} ago`;

/** Whole calendar days from `date` to `now`; negative when `date` is later. */
export function calendarDaysBetween(date: DateLike, now: DateLike = Date.now()): number {
  const from = startOfLocalDay(new Date(date));
  const to = startOfLocalDay(new Date(now));
  // Rounding absorbs the 23- or 25-hour days around daylight-saving changes.
  return Math.round((to - from) / DAY_MS);
}

/** 'Today', 'Yesterday', '3 days ago', '2 weeks ago', '4 months ago'; 'Unknown time' for a bad date. */
export function relativeTime(date: DateLike | null | undefined, now: DateLike = Date.now()): string {
  if (date === null || date === undefined || Number.isNaN(new Date(date).getTime())) return "Unknown time";
  // A clock slightly ahead of the server's can make a fresh date look like tomorrow.
  const days = Math.max(0, calendarDaysBetween(date, now));
  if (days === 0) return "Today";
  if (days === 1) return "Yesterday";
  if (days < 7) return plural(days, "day");
  if (days < 30) return plural(Math.floor(days / 7), "week");
  return plural(Math.max(1, Math.floor(days / 30)), "month");
}

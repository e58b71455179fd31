// The date a round was played (docs/product/rules.md#recording-window): a calendar day
// (YYYY-MM-DD) inside the challenge window, counted in UTC days as the window is stored, and not
// after the golfer's today. One rule for both sides: the record form passes the golfer's own
// calendar day, the server (which does not know the golfer's zone) the latest day on Earth.

type DateLike = Date | string | number;

export const DATE_REQUIRED = "Date played is required";
export const DATE_OUTSIDE = "Date played must be within the challenge dates";
export const DATE_FUTURE = "Date played cannot be in the future";

/** The easternmost time zone (UTC+14): a golfer there is already on tomorrow's date for most of the day. */
export const LATEST_ZONE_OFFSET_MS = 14 * 60 * 60 * 1000;

/** The UTC calendar day of an instant. */
export function utcDay(date: DateLike): string {
  return new Date(date).toISOString().slice(0, 10);
}

/** The latest calendar day anyone has at `now`, so no golfer east of UTC is refused their today. */
export function latestDayOnEarth(now: DateLike = Date.now()): string {
  return utcDay(new Date(new Date(now).getTime() + LATEST_ZONE_OFFSET_MS));
}

export type PlayDateWindow = {
  /** The challenge's first day (UTC day of its start). */
  min: string;
  /** The challenge's last day (UTC day of its end). */
  end: string;
  /** The latest day that is not in the future. */
  today: string;
  /** The date input's max: the earlier of `end` and `today`. */
  max: string;
};

/** The days a round may be dated in a challenge running from `startDate` to `endDate`. */
export function playDateWindow(startDate: DateLike, endDate: DateLike, today: string): PlayDateWindow {
  const end = utcDay(endDate);
  return { min: utcDay(startDate), end, today, max: end < today ? end : today };
}

/** The message for a date played, or null when it is acceptable (no window: only the format is checked). */
export function playDateProblem(
  date: string,
  window: Pick<PlayDateWindow, "min" | "end" | "today"> | null,
): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(new Date(`${date}T00:00:00Z`).getTime())) return DATE_REQUIRED;
  if (!window) return null;
  if (date < window.min || date > window.end) return DATE_OUTSIDE;
  if (date > window.today) return DATE_FUTURE;
  return null;
}

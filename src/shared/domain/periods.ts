// Global leaderboard periods (docs/product/rules.md#global-board-and-periods): calendar year,
// month, ISO week from Monday, day; UTC, by the date played. The keys match the ones the database
// trigger writes.

export const PERIODS = ["all", "year", "month", "week", "day"] as const;
export type Period = (typeof PERIODS)[number];

export const PERIOD_LABELS: Record<Period, string> = {
  all: "All Time",
  year: "This Year",
  month: "This Month",
  week: "This Week",
  day: "Today",
};

const pad = (n: number) => String(n).padStart(2, "0");
const ymd = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** Monday of the ISO week containing `date` (UTC). */
export function weekStart(date: Date): Date {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  const sinceMonday = (d.getUTCDay() + 6) % 7;
  d.setUTCDate(d.getUTCDate() - sinceMonday);
  return d;
}

export function periodKey(period: Period, now: Date = new Date()): string {
  switch (period) {
    case "all":
      return "all";
    case "year":
      return `y:${now.getUTCFullYear()}`;
    case "month":
      return `m:${now.getUTCFullYear()}-${pad(now.getUTCMonth() + 1)}`;
    case "week":
      return `w:${ymd(weekStart(now))}`;
    case "day":
      return `d:${ymd(now)}`;
  }
}

/** Day of week (0 Sunday .. 6 Saturday) of a YYYY-MM-DD calendar date. */
export function dayOfWeek(date: string): number {
  return new Date(`${date}T00:00:00.000Z`).getUTCDay();
}

export function monthOf(date: string): number {
  return Number(date.slice(5, 7));
}

// Dates in the app's fixed en-US wording (docs/product/rules.md#time-texts), written without Intl:
// a page's first Intl.DateTimeFormat loads the locale's calendar data on the main thread (~45 ms on
// our 2-core machine, ~200 ms on Lighthouse's throttled phone), and the first screen would pay it
// for a date on a card. Each text is en-US's own: date-text.test.ts compares them with Intl over
// random instants and several zones. `utc` reads the instant in UTC (server days, tests); otherwise
// the viewer's zone.

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

type Parts = { year: number; month: string; day: number; hours: number; minutes: number };

function partsOf(ms: number, utc: boolean): Parts {
  const d = new Date(ms);
  return utc
    ? {
        year: d.getUTCFullYear(),
        month: MONTHS[d.getUTCMonth()]!,
        day: d.getUTCDate(),
        hours: d.getUTCHours(),
        minutes: d.getUTCMinutes(),
      }
    : {
        year: d.getFullYear(),
        month: MONTHS[d.getMonth()]!,
        day: d.getDate(),
        hours: d.getHours(),
        minutes: d.getMinutes(),
      };
}

/** Four-digit years only: en-US writes others differently (no padding, "BC"), and no date here has one. */
const writable = (ms: number, utc: boolean) => {
  const year = partsOf(ms, utc).year;
  return Number.isFinite(ms) && year >= 1000 && year <= 9999;
};

/** "Jan 5": month and day. */
export function monthDayText(ms: number, utc = false): string {
  if (!writable(ms, utc))
    return new Intl.DateTimeFormat("en-US", {
      month: "short",
      day: "numeric",
      timeZone: utc ? "UTC" : undefined,
    }).format(ms);
  const p = partsOf(ms, utc);
  return `${p.month} ${p.day}`;
}

/** "Jan 5, 2026". */
export function monthDayYearText(ms: number, utc = false): string {
  if (!writable(ms, utc))
    return new Intl.DateTimeFormat("en-US", {
      month: "short",
      day: "numeric",
      year: "numeric",
      timeZone: utc ? "UTC" : undefined,
    }).format(ms);
  const p = partsOf(ms, utc);
  return `${p.month} ${p.day}, ${p.year}`;
}

/** "Nov 12, 2026, 10:03 AM" (en-US medium date, short time). */
export function dateTimeText(ms: number, utc = false): string {
  if (!writable(ms, utc))
    return new Date(ms).toLocaleString("en-US", {
      dateStyle: "medium",
      timeStyle: "short",
      timeZone: utc ? "UTC" : undefined,
    });
  const p = partsOf(ms, utc);
  const hour12 = p.hours % 12 === 0 ? 12 : p.hours % 12;
  return `${p.month} ${p.day}, ${p.year}, ${hour12}:${String(p.minutes).padStart(2, "0")} ${p.hours < 12 ? "AM" : "PM"}`;
}

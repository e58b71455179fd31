// Dates in the app's fixed en-US wording (docs/product/rules.md#time-texts). In the viewer's zone
// (no `timeZone`) and in UTC they are written without Intl: a page's first Intl.DateTimeFormat
// loads the locale's calendar data on the main thread (~45 ms on our 2-core machine, ~200 ms on
// Lighthouse's throttled phone), and the first screen would pay it for a date on a card. Each text
// is en-US's own: date-text.test.ts compares them with Intl over random instants and several
// zones. Any other zone goes to Intl, which alone knows its rules.

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

type Parts = { year: number; month: string; day: number; hours: number; minutes: number };

/**
 * The instant's calendar and clock in the viewer's zone or UTC; null where the hand-written texts
 * do not reach (another zone, an unreadable date, or a year outside 1000-9999, which en-US writes
 * differently: no padding, "BC"), so Intl answers those (and refuses an unreadable one, as before).
 */
function partsOf(ms: number, timeZone: string | undefined): Parts | null {
  if (timeZone !== undefined && timeZone !== "UTC") return null;
  const utc = timeZone === "UTC";
  const d = new Date(ms);
  const year = utc ? d.getUTCFullYear() : d.getFullYear();
  if (!(year >= 1000 && year <= 9999)) return null;
  return utc
    ? { year, month: MONTHS[d.getUTCMonth()]!, day: d.getUTCDate(), hours: d.getUTCHours(), minutes: d.getUTCMinutes() }
    : { year, month: MONTHS[d.getMonth()]!, day: d.getDate(), hours: d.getHours(), minutes: d.getMinutes() };
}

const byIntl = (ms: number, options: Intl.DateTimeFormatOptions, timeZone: string | undefined) =>
  new Intl.DateTimeFormat("en-US", { ...options, timeZone }).format(ms);

/** "Jan 5": month and day. */
export function monthDayText(ms: number, timeZone?: string): string {
  const p = partsOf(ms, timeZone);
  return p ? `${p.month} ${p.day}` : byIntl(ms, { month: "short", day: "numeric" }, timeZone);
}

/** "Jan 5, 2026". */
export function monthDayYearText(ms: number, timeZone?: string): string {
  const p = partsOf(ms, timeZone);
  return p
    ? `${p.month} ${p.day}, ${p.year}`
    : byIntl(ms, { month: "short", day: "numeric", year: "numeric" }, timeZone);
}

/** "Nov 12, 2026, 10:03 AM" (en-US medium date, short time). */
export function dateTimeText(ms: number, timeZone?: string): string {
  const p = partsOf(ms, timeZone);
  // Date's own formatting here, as before: an unreadable date reads "Invalid Date" instead of throwing.
  if (!p) return new Date(ms).toLocaleString("en-US", { dateStyle: "medium", timeStyle: "short", timeZone });
  const hour12 = p.hours % 12 === 0 ? 12 : p.hours % 12;
  return `${p.month} ${p.day}, ${p.year}, ${hour12}:${String(p.minutes).padStart(2, "0")} ${p.hours < 12 ? "AM" : "PM"}`;
}

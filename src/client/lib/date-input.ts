// Whole days picked with <input type="date"> ("YYYY-MM-DD", the viewer's local calendar): the
// challenge forms and the record form's date played. A challenge runs from the start of its first day to the end of its last day, so a
// challenge created for "today" is active at once and the last day is playable until midnight.

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_VALUE = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The local calendar day of an instant (now by default) as an input value; "" for an invalid date. */
export function localDay(date: Date | string | number = Date.now()): string {
  const d = new Date(date);
  if (Number.isNaN(d.getTime())) return "";
  return `${pad(d.getFullYear(), 4)}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

function parts(value: string): [number, number, number] | null {
  const m = DATE_VALUE.exec(value);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const probe = new Date(y, mo - 1, d);
  // Rejects "2026-02-31", which Date would quietly roll over into March.
  if (probe.getFullYear() !== y || probe.getMonth() !== mo - 1 || probe.getDate() !== d) return null;
  return [y, mo, d];
}

/** 00:00:00.000 local time of the day, or null for an empty or impossible value. */
export function startOfDayValue(value: string): Date | null {
  const p = parts(value);
  if (!p) return null;
  const d = new Date(p[0], p[1] - 1, p[2]);
  d.setFullYear(p[0]); // years below 100 would otherwise map to 19xx
  return d;
}

/** 23:59:59.999 local time of the day, or null. */
export function endOfDayValue(value: string): Date | null {
  const start = startOfDayValue(value);
  if (!start) return null;
  const end = new Date(start);
  end.setHours(23, 59, 59, 999);
  return end;
}

/** The value `days` calendar days later (an empty string stays empty). */
export function addDaysToValue(value: string, days: number): string {
  const start = startOfDayValue(value);
  if (!start) return "";
  // Noon avoids daylight-saving days of 23 or 25 hours landing on the wrong date.
  start.setHours(12);
  return localDay(start.getTime() + days * DAY_MS);
}

/** The later of two input values (either may be empty). */
export function laterValue(a: string, b: string): string {
  if (!a) return b;
  if (!b) return a;
  return a > b ? a : b;
}

import { describe, expect, test } from "bun:test";
import { dateTimeText, monthDayText, monthDayYearText } from "./date-text";
import { formatChallengeDate } from "./challenge-timing";

// The texts are written by hand so the first screen needs no Intl; Intl's en-US is the reference.
// Random instants from 1900 to 2100, in the viewer's zone (switched through zones with odd offsets
// and daylight saving) and in UTC.
const ZONES = ["UTC", "America/Los_Angeles", "Europe/London", "Pacific/Chatham", "Asia/Kolkata", "Australia/Lord_Howe"];

function eachInstant(check: (ms: number) => void) {
  const savedZone = process.env.TZ;
  let seed = 20261127;
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  try {
    for (const zone of ZONES) {
      process.env.TZ = zone;
      for (let i = 0; i < 300; i++) check(Date.UTC(1900, 0, 1) + Math.floor(random() * 200 * 365.25 * 86_400_000));
    }
  } finally {
    if (savedZone === undefined) delete process.env.TZ;
    else process.env.TZ = savedZone;
  }
}

const intl = (ms: number, options: Intl.DateTimeFormatOptions, timeZone: string | undefined) =>
  new Intl.DateTimeFormat("en-US", { ...options, timeZone }).format(ms);
// The viewer's zone and UTC are written by hand; another zone (Tokyo) goes to Intl.
const WRITTEN = [undefined, "UTC", "Asia/Tokyo"] as const;

describe("date texts without Intl", () => {
  test("'Jan 5, 2026' matches en-US, viewer's zone and UTC, and formatChallengeDate writes it", () =>
    eachInstant((ms) => {
      for (const zone of WRITTEN) {
        const expected = intl(ms, { month: "short", day: "numeric", year: "numeric" }, zone);
        expect(monthDayYearText(ms, zone)).toBe(expected);
        expect(formatChallengeDate(new Date(ms).toISOString(), zone)).toBe(expected);
      }
    }));

  test("'Jan 5' matches en-US", () =>
    eachInstant((ms) => {
      for (const zone of WRITTEN)
        expect(monthDayText(ms, zone)).toBe(intl(ms, { month: "short", day: "numeric" }, zone));
    }));

  test("'Nov 12, 2026, 10:03 AM' matches en-US medium date and short time (midnight and noon included)", () => {
    const check = (ms: number) => {
      for (const zone of WRITTEN)
        expect(dateTimeText(ms, zone).replace("\u202f", " ")).toBe(
          intl(ms, { dateStyle: "medium", timeStyle: "short" }, zone).replace("\u202f", " "),
        );
    };
    eachInstant(check);
    for (const hour of [0, 11, 12, 23]) check(Date.UTC(2026, 10, 12, hour, 3));
  });

  test("outside four-digit years and for an unreadable date, Intl answers (and refuses)", () => {
    const year999 = Date.UTC(999, 0, 5, 12);
    expect(monthDayYearText(year999, "UTC")).toBe(
      intl(year999, { month: "short", day: "numeric", year: "numeric" }, "UTC"),
    );
    expect(() => monthDayYearText(Number.NaN)).toThrow(RangeError);
    // A moment's text never throws (support requests and verifications render it as they did).
    expect(dateTimeText(Number.NaN)).toBe("Invalid Date");
  });
});

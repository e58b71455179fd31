import { describe, expect, test } from "bun:test";
import { relativeTime } from "./relative-time";

// Local-time constructors keep the table independent of the machine's time zone.
const now = new Date(2026, 4, 20, 9, 30);
const daysBefore = (days: number, hour = 12) => new Date(2026, 4, 20 - days, hour, 0);

describe("relativeTime", () => {
  test.each([
    ["earlier today", daysBefore(0, 1), "Today"],
    ["a moment ago", now, "Today"],
    ["late yesterday evening", daysBefore(1, 23), "Yesterday"],
    ["early yesterday", daysBefore(1, 0), "Yesterday"],
    ["two days", daysBefore(2), "2 days ago"],
    ["six days", daysBefore(6), "6 days ago"],
    ["seven days is a week", daysBefore(7), "1 week ago"],
    ["thirteen days", daysBefore(13), "1 week ago"],
    ["fourteen days", daysBefore(14), "2 weeks ago"],
    ["twenty-nine days", daysBefore(29), "4 weeks ago"],
    ["thirty days is a month", daysBefore(30), "1 month ago"],
    ["ninety days", daysBefore(90), "3 months ago"],
    ["a year", daysBefore(365), "12 months ago"],
    ["slightly in the future", new Date(2026, 4, 21, 0, 5), "Today"],
  ])("%s", (_label, date, expected) => {
    expect(relativeTime(date, now)).toBe(expected);
  });

  test("accepts ISO strings", () => {
    expect(relativeTime(daysBefore(3).toISOString(), now)).toBe("3 days ago");
  });

  test("a missing or invalid date", () => {
    expect(relativeTime("not a date", now)).toBe("Unknown time");
    expect(relativeTime(null, now)).toBe("Unknown time");
    expect(relativeTime(undefined, now)).toBe("Unknown time");
  });
});

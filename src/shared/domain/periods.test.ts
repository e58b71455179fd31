import { describe, expect, test } from "bun:test";
import { dayOfWeek, monthOf, periodKey, weekStart } from "./periods";

describe("period keys (UTC)", () => {
  test("each period of a Wednesday", () => {
    const d = new Date("2026-11-18T15:00:00Z");
    expect(["all", "year", "month", "week", "day"].map((p) => periodKey(p as never, d))).toEqual([
      "all",
      "y:2026",
      "m:2026-11",
      "w:2026-11-16",
      "d:2026-11-18",
    ]);
  });
  const weeks: [string, string][] = [
    ["2026-11-16T00:00:00Z", "2026-11-16"], // Monday midnight starts the week
    ["2026-11-15T23:59:59Z", "2026-11-09"], // Sunday night still belongs to the previous week
    ["2026-11-22T12:00:00Z", "2026-11-16"], // Sunday
    ["2027-01-01T10:00:00Z", "2026-12-28"], // a week across the year end
  ];
  for (const [at, monday] of weeks)
    test(`week of ${at} starts ${monday}`, () =>
      expect(weekStart(new Date(at)).toISOString().slice(0, 10)).toBe(monday));
  test("day boundary is UTC midnight", () => {
    expect(periodKey("day", new Date("2026-12-31T23:59:59Z"))).toBe("d:2026-12-31");
    expect(periodKey("day", new Date("2027-01-01T00:00:00Z"))).toBe("d:2027-01-01");
    expect(periodKey("year", new Date("2027-01-01T00:00:00Z"))).toBe("y:2027");
  });
  test("weekday and month of a calendar date", () => {
    expect(dayOfWeek("2026-11-21")).toBe(6);
    expect(dayOfWeek("2026-11-22")).toBe(0);
    expect(monthOf("2026-02-01")).toBe(2);
  });
});

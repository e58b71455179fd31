import { describe, expect, test } from "bun:test";
import { addDaysToValue, endOfDayValue, laterValue, localDay as toDateInputValue, startOfDayValue } from "./date-input";

describe("date inputs", () => {
  test("an instant reads as its local calendar day", () => {
    expect(toDateInputValue(new Date(2026, 0, 5, 23, 30))).toBe("2026-01-05");
    expect(toDateInputValue("not a date")).toBe("");
  });

  test("a day runs from its first to its last millisecond, local time", () => {
    expect(startOfDayValue("2026-03-07")?.getTime()).toBe(new Date(2026, 2, 7).getTime());
    expect(endOfDayValue("2026-03-07")?.getTime()).toBe(new Date(2026, 2, 7, 23, 59, 59, 999).getTime());
  });

  test("empty and impossible days are null", () => {
    for (const bad of ["", "2026-02-31", "2026-13-01", "07/03/2026", "2026-3-7"]) {
      expect(startOfDayValue(bad)).toBeNull();
      expect(endOfDayValue(bad)).toBeNull();
    }
  });

  test("adding days crosses months and years", () => {
    expect(addDaysToValue("2026-01-15", 30)).toBe("2026-02-14");
    expect(addDaysToValue("2026-12-15", 30)).toBe("2027-01-14");
    expect(addDaysToValue("", 30)).toBe("");
  });

  test("the later of two values", () => {
    expect(laterValue("2026-01-02", "2026-01-01")).toBe("2026-01-02");
    expect(laterValue("", "2026-01-01")).toBe("2026-01-01");
    expect(laterValue("2026-01-01", "")).toBe("2026-01-01");
  });
});

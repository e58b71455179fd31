import { describe, expect, test } from "bun:test";
import {
  DATE_FUTURE,
  DATE_OUTSIDE,
  DATE_REQUIRED,
  latestDayOnEarth,
  playDateProblem,
  playDateWindow,
  utcDay,
} from "./play-date-window";

const START = "2026-05-01T00:00:00.000Z";
const END = "2026-06-01T00:00:00.000Z";

describe("the latest day on Earth (the server's 'today')", () => {
  test.each([
    // UTC+14 reaches the next day at 10:00 UTC.
    ["2026-05-20T09:59:59.999Z", "2026-05-20"],
    ["2026-05-20T10:00:00.000Z", "2026-05-21"],
    ["2026-05-20T23:59:59.999Z", "2026-05-21"],
    ["2026-05-21T00:00:00.000Z", "2026-05-21"],
    ["2026-12-31T10:00:00.000Z", "2027-01-01"],
  ])("at %s it is %s somewhere", (now, day) => {
    expect(latestDayOnEarth(now)).toBe(day);
  });
});

describe("playDateProblem", () => {
  const cases: { label: string; now: string; date: string; expected: string | null }[] = [
    { label: "today in UTC", now: "2026-05-20T12:00:00.000Z", date: "2026-05-20", expected: null },
    {
      label: "tomorrow in UTC, already today in UTC+14",
      now: "2026-05-20T12:00:00.000Z",
      date: "2026-05-21",
      expected: null,
    },
    {
      label: "tomorrow before UTC+14 has reached it",
      now: "2026-05-20T09:00:00.000Z",
      date: "2026-05-21",
      expected: DATE_FUTURE,
    },
    { label: "two days ahead", now: "2026-05-20T23:00:00.000Z", date: "2026-05-22", expected: DATE_FUTURE },
    { label: "the window's first day", now: "2026-05-20T12:00:00.000Z", date: "2026-05-01", expected: null },
    { label: "the day before the window", now: "2026-05-20T12:00:00.000Z", date: "2026-04-30", expected: DATE_OUTSIDE },
    {
      label: "after the window (outside wins over future)",
      now: "2026-05-31T12:00:00.000Z",
      date: "2026-06-02",
      expected: DATE_OUTSIDE,
    },
    { label: "empty", now: "2026-05-20T12:00:00.000Z", date: "", expected: DATE_REQUIRED },
    { label: "not a day", now: "2026-05-20T12:00:00.000Z", date: "2026-5-1", expected: DATE_REQUIRED },
  ];
  for (const c of cases) {
    test(`server view: ${c.label}`, () => {
      const window = playDateWindow(START, END, latestDayOnEarth(c.now));
      expect(playDateProblem(c.date, window)).toBe(c.expected);
    });
  }

  test("a golfer's own calendar day is the bound on the device", () => {
    // At 12:00 UTC a golfer in UTC-5 is still on the 20th: the 21st is their future.
    const window = playDateWindow(START, END, "2026-05-20");
    expect(playDateProblem("2026-05-21", window)).toBe(DATE_FUTURE);
    expect(playDateProblem("2026-05-20", window)).toBeNull();
  });

  test("without a challenge only the format is checked", () => {
    expect(playDateProblem("2026-05-20", null)).toBeNull();
    expect(playDateProblem("tomorrow", null)).toBe(DATE_REQUIRED);
  });
});

describe("playDateWindow", () => {
  test("the window is counted in UTC days; max is the earlier of the last day and today", () => {
    expect(playDateWindow("2026-05-01T22:00:00.000Z", "2026-05-10T01:00:00.000Z", "2026-05-20")).toEqual({
      min: "2026-05-01",
      end: "2026-05-10",
      today: "2026-05-20",
      max: "2026-05-10",
    });
    expect(playDateWindow(START, END, "2026-05-20").max).toBe("2026-05-20");
    expect(utcDay(new Date("2026-05-01T23:30:00.000Z"))).toBe("2026-05-01");
  });
});

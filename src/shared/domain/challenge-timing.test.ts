import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import {
  cardTimeText,
  challengeActionLabel,
  challengeStatus,
  currentChallenge,
  defaultEndDate,
  detailTimeRemainingText,
  formatChallengeDate,
  nextStatusChange,
  partitionByStatus,
  timeRemaining,
  type ChallengeStatus,
} from "./challenge-timing";

const START = "2026-06-01T08:00:00.000Z";
const END = "2026-06-30T20:00:00.000Z";
const at = (iso: string) => new Date(iso);

describe("challengeStatus: the window includes both its instants", () => {
  const cases: [string, string, ChallengeStatus][] = [
    ["a day before the start", "2026-05-31T08:00:00.000Z", "upcoming"],
    ["1 ms before the start", "2026-06-01T07:59:59.999Z", "upcoming"],
    ["exactly the start", START, "active"],
    ["in the middle", "2026-06-15T12:00:00.000Z", "active"],
    ["exactly the end", END, "active"],
    ["1 ms after the end", "2026-06-30T20:00:00.001Z", "past"],
    ["a year later", "2027-06-30T20:00:00.000Z", "past"],
  ];
  for (const [name, now, expected] of cases) {
    test(`${name} -> ${expected}`, () => {
      expect(challengeStatus(START, END, now)).toBe(expected);
      expect(challengeStatus(at(START), at(END), at(now))).toBe(expected);
    });
  }
});

describe("timeRemaining", () => {
  const cases: [string, string, { days: number; hours: number }][] = [
    ["29 days 12 hours", "2026-06-01T08:00:00.000Z", { days: 29, hours: 12 }],
    ["just under an hour", "2026-06-30T19:00:00.001Z", { days: 0, hours: 0 }],
    ["exactly one day", "2026-06-29T20:00:00.000Z", { days: 1, hours: 0 }],
    ["after the end", "2026-07-01T00:00:00.000Z", { days: 0, hours: 0 }],
  ];
  for (const [name, now, expected] of cases) test(name, () => expect(timeRemaining(END, now)).toEqual(expected));
});

describe("cardTimeText", () => {
  const cases: [string, string, string][] = [
    ["upcoming", "2026-05-20T00:00:00.000Z", "Starts Jun 1, 2026"],
    ["active at the start", START, "29d 12h remaining"],
    ["active with hours only", "2026-06-30T14:30:00.000Z", "0d 5h remaining"],
    ["active at the very end", END, "0d 0h remaining"],
    ["past", "2026-07-02T00:00:00.000Z", "Ended Jun 30, 2026"],
  ];
  for (const [name, now, expected] of cases)
    test(name, () => expect(cardTimeText(START, END, now, "UTC")).toBe(expected));
});

describe("detailTimeRemainingText", () => {
  const cases: [string, string][] = [
    ["2026-06-01T08:00:00.000Z", "29 days and 12 hours remaining"],
    ["2026-06-30T18:59:00.000Z", "0 days and 1 hours remaining"],
    [END, "0 days and 0 hours remaining"],
    ["2026-06-30T20:00:00.001Z", "This challenge has ended"],
  ];
  for (const [now, expected] of cases)
    test(`${now} -> ${expected}`, () => expect(detailTimeRemainingText(END, now)).toBe(expected));
});

describe("labels, tabs and the current challenge", () => {
  test("formatChallengeDate uses the given time zone", () => {
    expect(formatChallengeDate("2026-01-05T23:30:00.000Z", "UTC")).toBe("Jan 5, 2026");
    expect(formatChallengeDate("2026-01-05T23:30:00.000Z", "Asia/Tokyo")).toBe("Jan 6, 2026");
  });

  test("card buttons", () => {
    expect(challengeActionLabel("active")).toBe("View Challenge");
    expect(challengeActionLabel("upcoming")).toBe("View Details");
    expect(challengeActionLabel("past")).toBe("View Results");
  });

  test("partitionByStatus keeps order and never counts an ended challenge as active", () => {
    const list = [
      { id: 1, startDate: "2026-01-01T00:00:00Z", endDate: "2026-02-01T00:00:00Z" },
      { id: 2, startDate: "2026-06-01T00:00:00Z", endDate: "2026-07-01T00:00:00Z" },
      { id: 3, startDate: "2026-08-01T00:00:00Z", endDate: "2026-09-01T00:00:00Z" },
      { id: 4, startDate: "2026-06-10T00:00:00Z", endDate: "2026-06-20T00:00:00Z" },
    ];
    const tabs = partitionByStatus(list, "2026-06-15T00:00:00Z");
    expect(tabs.active.map((c) => c.id)).toEqual([2, 4]);
    expect(tabs.upcoming.map((c) => c.id)).toEqual([3]);
    expect(tabs.past.map((c) => c.id)).toEqual([1]);
  });

  test("currentChallenge is the first whose end is still in the future", () => {
    const list = [
      { endDate: "2026-01-01T00:00:00Z" },
      { endDate: "2026-07-01T00:00:00Z" },
      { endDate: "2026-08-01T00:00:00Z" },
    ];
    expect(currentChallenge(list, "2026-06-15T00:00:00Z")).toBe(list[1]);
    expect(currentChallenge(list, "2026-09-01T00:00:00Z")).toBeNull();
  });

  test("the default end is 30 days after the start", () => {
    expect(defaultEndDate("2026-06-01T00:00:00.000Z").toISOString()).toBe("2026-07-01T00:00:00.000Z");
  });
});

describe("nextStatusChange: the status holds until then and changes there (ADR 0062)", () => {
  test("the start, the ms after the end, or never", () => {
    expect(nextStatusChange(START, END, "2026-05-31T08:00:00.000Z")).toBe(Date.parse(START));
    expect(nextStatusChange(START, END, START)).toBe(Date.parse(END) + 1);
    expect(nextStatusChange(START, END, END)).toBe(Date.parse(END) + 1);
    expect(nextStatusChange(START, END, "2026-06-30T20:00:00.001Z")).toBe(Number.POSITIVE_INFINITY);
  });

  test("for any window and instant: same status just before the change, another one at it", () => {
    const ms = fc.integer({ min: 0, max: 10_000 });
    fc.assert(
      fc.property(ms, ms, ms, (start, length, now) => {
        const end = start + length;
        const next = nextStatusChange(start, end, now);
        expect(next).toBeGreaterThan(now);
        if (next === Number.POSITIVE_INFINITY) {
          expect(challengeStatus(start, end, now)).toBe("past");
          return;
        }
        expect(challengeStatus(start, end, next - 1)).toBe(challengeStatus(start, end, now));
        expect(challengeStatus(start, end, next)).not.toBe(challengeStatus(start, end, now));
      }),
    );
  });
});

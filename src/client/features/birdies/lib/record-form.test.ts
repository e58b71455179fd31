import { describe, expect, test } from "bun:test";
import {
  continueState,
  type ContinueState,
  courseInput,
  CUSTOM_COURSE,
  hasCourse,
  type RecordDraft,
} from "./record-form";
import {
  DATE_FUTURE,
  DATE_OUTSIDE,
  DATE_REQUIRED,
  playDateWindow as dateLimits,
  playDateProblem as dateProblem,
} from "../../../../shared/domain/play-date-window";
import { localDay } from "../../../lib/date-input";

const draft = (over: Partial<RecordDraft> = {}): RecordDraft => ({
  challengeId: 1,
  courseMode: "single",
  courseChoice: "5",
  customCourseName: "",
  date: "2026-05-20",
  marks: { 3: "birdie" },
  ...over,
});

describe("record form rules", () => {
  test("localDay uses the local calendar", () => {
    expect(localDay(new Date(2026, 0, 5, 23, 59))).toBe("2026-01-05");
  });

  test("date limits: window start, and the earlier of window end and today", () => {
    expect(dateLimits("2026-05-01T00:00:00.000Z", "2026-06-01T00:00:00.000Z", "2026-05-20")).toEqual({
      min: "2026-05-01",
      end: "2026-06-01",
      today: "2026-05-20",
      max: "2026-05-20",
    });
    expect(dateLimits("2026-04-01T00:00:00.000Z", "2026-05-10T12:00:00.000Z", "2026-05-20").max).toBe("2026-05-10");
  });

  const limits = { min: "2026-05-01", end: "2026-06-01", today: "2026-05-20" };
  test.each([
    ["2026-05-20", null],
    ["2026-05-01", null],
    ["2026-05-21", DATE_FUTURE],
    ["2026-04-30", DATE_OUTSIDE],
    ["", DATE_REQUIRED],
    ["2026-02-31x", DATE_REQUIRED],
  ])("date %p -> %p", (date, message) => {
    expect(dateProblem(date, limits)).toBe(message);
  });

  test("a course is settled by a choice or a typed name", () => {
    expect(hasCourse(draft())).toBe(true);
    expect(hasCourse(draft({ courseChoice: "" }))).toBe(false);
    expect(hasCourse(draft({ courseMode: "hybrid", courseChoice: CUSTOM_COURSE, customCourseName: "  " }))).toBe(false);
    expect(
      hasCourse(draft({ courseMode: "hybrid", courseChoice: CUSTOM_COURSE, customCourseName: "Old Course" })),
    ).toBe(true);
  });

  const continueCases: { label: string; over: Partial<RecordDraft>; dateError: string | null; state: ContinueState }[] =
    [
      { label: "ready", over: {}, dateError: null, state: "ready" },
      { label: "no challenge", over: { challengeId: null }, dateError: null, state: "blocked" },
      { label: "no course", over: { courseChoice: "" }, dateError: null, state: "blocked" },
      { label: "bad date", over: {}, dateError: DATE_FUTURE, state: "blocked" },
      { label: "no holes", over: { marks: {} }, dateError: null, state: "no-holes" },
    ];
  for (const c of continueCases) {
    test(`continue: ${c.label}`, () => {
      expect(continueState(draft(c.over), c.dateError)).toBe(c.state);
    });
  }

  test("course input", () => {
    expect(courseInput({ courseChoice: "5", customCourseName: "x" })).toEqual({ courseId: 5 });
    expect(courseInput({ courseChoice: CUSTOM_COURSE, customCourseName: " St Andrews " })).toEqual({
      customCourseName: "St Andrews",
    });
    expect(courseInput({ courseChoice: "", customCourseName: "" })).toEqual({});
  });
});

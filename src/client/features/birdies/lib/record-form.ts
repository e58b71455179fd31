import type { CourseMode } from "../../../../shared/domain/challenge-courses";
import { countMarks, type HoleMarks } from "./hole-marks";

// The rules of the record form (SPEC.md §5 Record form) as plain functions, so the page only
// wires them to inputs.

export const CUSTOM_COURSE = "custom";

/** The UTC calendar day of an instant, as the server compares challenge windows. */
export function utcDay(iso: string): string {
  return new Date(iso).toISOString().slice(0, 10);
}

export type RecordDraft = {
  challengeId: number | null;
  courseMode: CourseMode | null;
  /** A course id as text, CUSTOM_COURSE for a typed name, or "" when none is chosen. */
  courseChoice: string;
  customCourseName: string;
  date: string;
  marks: HoleMarks;
};

export type DateLimits = { min: string; end: string; today: string };

/** The days a round may be dated: inside the challenge window (UTC days) and not after today. */
export function dateLimits(startDate: string, endDate: string, today: string): DateLimits & { max: string } {
  const end = utcDay(endDate);
  return { min: utcDay(startDate), end, today, max: end < today ? end : today };
}

// The server's wording for the same rules.
export const DATE_REQUIRED = "Date played is required";
export const DATE_FUTURE = "Date played cannot be in the future";
export const DATE_OUTSIDE = "Date played must be within the challenge dates";

/** The date field's message, or null when the date is acceptable. */
export function dateProblem(date: string, limits: DateLimits | null): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(new Date(`${date}T00:00:00Z`).getTime())) return DATE_REQUIRED;
  if (!limits) return null;
  if (date > limits.today) return DATE_FUTURE;
  if (date < limits.min || date > limits.end) return DATE_OUTSIDE;
  return null;
}

/** True once a course is settled: the challenge's course (single) or a chosen or typed one (hybrid). */
export function hasCourse(draft: Pick<RecordDraft, "courseChoice" | "customCourseName">): boolean {
  if (draft.courseChoice === CUSTOM_COURSE) return draft.customCourseName.trim().length > 0;
  return draft.courseChoice !== "";
}

export type ContinueState = "ready" | "blocked" | "no-holes";

/**
 * Continue to Verification: blocked without a challenge, a course or a usable date; "no-holes"
 * when only the holes are missing (the button then explains with a toast instead of doing nothing).
 */
export function continueState(draft: RecordDraft, dateError: string | null): ContinueState {
  if (draft.challengeId === null || !hasCourse(draft) || dateError) return "blocked";
  if (countMarks(draft.marks).total === 0) return "no-holes";
  return "ready";
}

/** The course part of the recordRound input. */
export function courseInput(draft: Pick<RecordDraft, "courseChoice" | "customCourseName">): {
  courseId?: number;
  customCourseName?: string;
} {
  if (draft.courseChoice === CUSTOM_COURSE) return { customCourseName: draft.customCourseName.trim() };
  const id = Number(draft.courseChoice);
  return Number.isInteger(id) && id > 0 ? { courseId: id } : {};
}

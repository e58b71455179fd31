import type { CourseMode } from "../../../../shared/domain/challenge-courses";
import { countMarks, type HoleMarks } from "./hole-marks";

// The rules of the record form (docs/product/routes-and-screens.md#record-birdies) as plain
// functions, so the page only wires them to inputs.

export const CUSTOM_COURSE = "custom";

export type RecordDraft = {
  challengeId: number | null;
  courseMode: CourseMode | null;
  /** A course id as text, CUSTOM_COURSE for a typed name, or "" when none is chosen. */
  courseChoice: string;
  customCourseName: string;
  date: string;
  marks: HoleMarks;
};

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

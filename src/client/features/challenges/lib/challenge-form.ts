import type { CourseMode } from "../../../../shared/domain/challenge-courses";
import { normaliseCourseName } from "../../../../shared/domain/challenge-courses";
import {
  createChallengeFormSchema,
  DEFAULT_THRESHOLD,
  EDIT_THRESHOLD_MAX,
  editChallengeFormSchema,
  type Tiebreaker,
} from "../../../../shared/schemas/challenges";
import { courseNameSchema } from "../../../../shared/schemas/courses";
import { firstIssueByField } from "../../../lib/form-errors";
import { addDaysToValue, endOfDayValue, startOfDayValue, localDay } from "../../../lib/date-input";
import { DEFAULT_CHALLENGE_DAYS } from "../../../../shared/domain/challenge-timing";

// The create and edit forms keep raw input strings; these helpers turn them into the shared
// schemas' input (so the messages of docs/product/texts-and-messages.md#challenge-fields come from
// one place) and back.

export type ChallengeFormValues = {
  name: string;
  /** "YYYY-MM-DD" from the date pickers. */
  startDate: string;
  endDate: string;
  courseMode: CourseMode;
  /** Single mode: the course. Hybrid mode (create): the name being typed, not yet added. */
  courseName: string;
  /** Hybrid mode (create): the courses added so far. */
  courseNames: string[];
  rules: string;
  tiebreaker: Tiebreaker;
  tiebreakerThreshold: string;
  allowMultipleBirdies: boolean;
  eagleBonus: boolean;
  requireConfirmation: boolean;
};

export type FieldErrors = Record<string, string>;

/**
 * Create defaults (docs/product/routes-and-screens.md#create-challenge): today to 30 days later,
 * single mode, mostBirdies, both flags off.
 */
export function createFormDefaults(now: Date = new Date()): ChallengeFormValues {
  const startDate = localDay(now);
  return {
    name: "",
    startDate,
    endDate: addDaysToValue(startDate, DEFAULT_CHALLENGE_DAYS),
    courseMode: "single",
    courseName: "",
    courseNames: [],
    rules: "",
    tiebreaker: "mostBirdies",
    tiebreakerThreshold: String(DEFAULT_THRESHOLD),
    allowMultipleBirdies: false,
    eagleBonus: false,
    requireConfirmation: false,
  };
}

/** A picked day as the schema's input; a broken value passes through so the schema names it. */
const startInput = (value: string) => startOfDayValue(value) ?? value;
const endInput = (value: string) => endOfDayValue(value) ?? value;

/** Course names without blanks and without case-insensitive repeats, in the order given. */
export function distinctCourseNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of names) {
    const name = normaliseCourseName(raw);
    const key = name.toLowerCase();
    if (!name || seen.has(key)) continue;
    seen.add(key);
    out.push(name);
  }
  return out;
}

/** The message for a hybrid course name about to be added, or null when it is fine. */
export function courseNameError(name: string): string | null {
  const parsed = courseNameSchema.safeParse(name);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

export type CreateSubmission = {
  name: string;
  startDate: Date;
  endDate: Date;
  courseMode: CourseMode;
  rules: string | null | undefined;
  tiebreaker: "mostBirdies" | "firstToThreshold";
  tiebreakerThreshold: number;
  allowMultipleBirdies: boolean;
  eagleBonus: boolean;
  requireConfirmation: boolean;
  /** Names to find or create, in order (one in single mode, zero or more in hybrid mode). */
  courseNames: string[];
};

export function validateCreateForm(
  values: ChallengeFormValues,
): { ok: true; data: CreateSubmission } | { ok: false; errors: FieldErrors } {
  const hybrid = values.courseMode === "hybrid";
  const parsed = createChallengeFormSchema.safeParse({
    name: values.name,
    startDate: startInput(values.startDate),
    endDate: endInput(values.endDate),
    courseMode: values.courseMode,
    courseName: values.courseName,
    rules: values.rules,
    tiebreaker: values.tiebreaker,
    // The threshold only exists for firstToThreshold; otherwise the stored default applies.
    tiebreakerThreshold: values.tiebreaker === "firstToThreshold" ? values.tiebreakerThreshold : DEFAULT_THRESHOLD,
    allowMultipleBirdies: values.allowMultipleBirdies,
    eagleBonus: values.eagleBonus,
    requireConfirmation: values.requireConfirmation,
  });
  if (!parsed.success) return { ok: false, errors: firstIssueByField(parsed.error.issues) };
  const { courseName, tiebreaker, ...rest } = parsed.data;
  const courseNames = hybrid
    ? distinctCourseNames([...values.courseNames, values.courseName])
    : distinctCourseNames([courseName ?? ""]);
  return {
    ok: true,
    data: { ...rest, tiebreaker: tiebreaker === "firstToThreshold" ? "firstToThreshold" : "mostBirdies", courseNames },
  };
}

export type EditableChallenge = {
  name: string;
  rules: string | null;
  courseMode: CourseMode;
  startDate: string;
  endDate: string;
  tiebreaker: Tiebreaker;
  tiebreakerThreshold: number;
  allowMultipleBirdies: boolean;
  eagleBonus: boolean;
  requireConfirmation: boolean;
  courses: { id: number; name: string }[];
};

export function editFormValues(challenge: EditableChallenge): ChallengeFormValues {
  return {
    name: challenge.name,
    startDate: localDay(challenge.startDate),
    endDate: localDay(challenge.endDate),
    courseMode: challenge.courseMode,
    courseName: challenge.courseMode === "single" ? (challenge.courses[0]?.name ?? "") : "",
    courseNames: [],
    rules: challenge.rules ?? "",
    tiebreaker: challenge.tiebreaker,
    tiebreakerThreshold: String(challenge.tiebreakerThreshold ?? DEFAULT_THRESHOLD),
    allowMultipleBirdies: challenge.allowMultipleBirdies,
    eagleBonus: challenge.eagleBonus,
    requireConfirmation: challenge.requireConfirmation,
  };
}

export type EditSubmission = {
  patch: {
    name: string;
    startDate: string;
    endDate: string;
    courseMode: CourseMode;
    rules: string | null;
    tiebreaker: Tiebreaker;
    tiebreakerThreshold: number;
    allowMultipleBirdies: boolean;
    eagleBonus: boolean;
    requireConfirmation: boolean;
  };
  /** Single mode: the course to set when it changed; null when it stays as it is. */
  newCourseName: string | null;
};

/**
 * Validates the edit form against the stored challenge. An unchanged day keeps its stored instant
 * (re-deriving it from the day would move a challenge created at another time of day).
 */
export function validateEditForm(
  values: ChallengeFormValues,
  original: EditableChallenge,
): { ok: true; data: EditSubmission } | { ok: false; errors: FieldErrors } {
  const startChanged = values.startDate !== localDay(original.startDate);
  const endChanged = values.endDate !== localDay(original.endDate);
  const single = values.courseMode === "single";
  const parsed = editChallengeFormSchema.safeParse({
    name: values.name,
    startDate: startChanged ? startInput(values.startDate) : original.startDate,
    endDate: endChanged ? endInput(values.endDate) : original.endDate,
    courseMode: values.courseMode,
    courseName: single ? values.courseName : undefined,
    rules: values.rules,
    tiebreaker: values.tiebreaker,
    // Hidden for the other tiebreakers: keep the stored value within the edit range (1-17).
    tiebreakerThreshold:
      values.tiebreaker === "firstToThreshold"
        ? values.tiebreakerThreshold
        : Math.min(Math.max(original.tiebreakerThreshold, 1), EDIT_THRESHOLD_MAX),
    allowMultipleBirdies: values.allowMultipleBirdies,
    eagleBonus: values.eagleBonus,
    requireConfirmation: values.requireConfirmation,
  });
  if (!parsed.success) return { ok: false, errors: firstIssueByField(parsed.error.issues) };
  const d = parsed.data;
  const currentCourse = original.courseMode === "single" ? (original.courses[0]?.name ?? "") : "";
  const typed = d.courseName ? normaliseCourseName(d.courseName) : "";
  const newCourseName =
    single && typed && (typed.toLowerCase() !== currentCourse.toLowerCase() || original.courseMode !== "single")
      ? typed
      : null;
  return {
    ok: true,
    data: {
      patch: {
        name: d.name,
        startDate: d.startDate.toISOString(),
        endDate: d.endDate.toISOString(),
        courseMode: d.courseMode,
        rules: d.rules ?? null,
        tiebreaker: d.tiebreaker,
        tiebreakerThreshold: d.tiebreakerThreshold,
        allowMultipleBirdies: d.allowMultipleBirdies,
        eagleBonus: d.eagleBonus,
        requireConfirmation: d.requireConfirmation === true,
      },
      newCourseName,
    },
  };
}

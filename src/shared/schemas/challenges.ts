import { z } from "zod";
import type { CourseMode } from "../domain/challenge-courses";
import type { ChallengeStatus } from "../domain/challenge-timing";
import { optionalText } from "./auth";
import { courseNameSchema, COURSE_NAME_TOO_SHORT, positiveIdSchema, type Course } from "./courses";
import { readableText } from "./text";

// Messages are docs/product/texts-and-messages.md#challenge-fields word for word. The create and edit forms differ on purpose (name length,
// tiebreakers, threshold range, end-date wording): each form and its API input share one rule set.

export const CREATE_NAME_TOO_SHORT = "Challenge name must be at least 4 characters";
export const EDIT_NAME_TOO_SHORT = "Challenge name must be at least 3 characters";
export const CREATE_END_BEFORE_START = "End date must be after start date";
export const EDIT_END_BEFORE_START = "End date must be after the start date";

export const COURSE_MODES = ["single", "hybrid"] as const;
export const CREATE_TIEBREAKERS = ["mostBirdies", "firstToThreshold"] as const;
export const TIEBREAKERS = ["mostBirdies", "firstToThreshold", "firstToComplete"] as const;
export type Tiebreaker = (typeof TIEBREAKERS)[number];

export const DEFAULT_THRESHOLD = 9;
export const CREATE_THRESHOLD_MAX = 18;
export const EDIT_THRESHOLD_MAX = 17;
/** The edit form's pickers refuse earlier dates; the server refuses them everywhere. */
export const EARLIEST_DATE = new Date("1900-01-01T00:00:00.000Z");
const LATEST_DATE = new Date("9999-12-31T23:59:59.999Z");

export const courseModeSchema = z.enum(COURSE_MODES, { error: "Course mode must be single or hybrid" });

const challengeName = (min: number, message: string) =>
  readableText(z.string({ error: message }), "Challenge name", message)
    .min(min, message)
    .max(100, "Challenge name must be at most 100 characters");

/** A Date from the form or an ISO string from JSON (REST and tRPC both send strings). */
const dateField = (label: string) =>
  z.union([z.date(), z.string(), z.number()], { error: `${label} is required` }).transform((v, ctx) => {
    if (v === "") {
      ctx.addIssue({ code: "custom", message: `${label} is required` });
      return z.NEVER;
    }
    const d = new Date(v);
    if (Number.isNaN(d.getTime())) {
      ctx.addIssue({ code: "custom", message: `${label} must be a valid date` });
      return z.NEVER;
    }
    if (d < EARLIEST_DATE || d > LATEST_DATE) {
      ctx.addIssue({ code: "custom", message: `${label} must be between 1900 and 9999` });
      return z.NEVER;
    }
    return d;
  });

/** The threshold input gives a number or a numeric string; both are accepted. */
const thresholdField = (max: number) => {
  const message = `Threshold must be between 1 and ${max}`;
  return z.union([z.number(), z.string()], { error: message }).transform((v, ctx) => {
    const n = typeof v === "number" ? v : v.trim() === "" ? Number.NaN : Number(v);
    if (!Number.isInteger(n) || n < 1 || n > max) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return n;
  });
};

const flag = (label: string) => z.boolean({ error: `${label} must be true or false` });
const createTiebreaker = z.enum(CREATE_TIEBREAKERS, { error: "Tiebreaker must be mostBirdies or firstToThreshold" });
const editTiebreaker = z.enum(TIEBREAKERS, {
  error: "Tiebreaker must be mostBirdies, firstToThreshold or firstToComplete",
});
const courseIdsField = z
  .array(positiveIdSchema("course"), { error: "courseIds must be a list of course ids" })
  .max(50, "A challenge can have at most 50 courses");

/** End strictly after start, reported on endDate (where the create and edit forms show it). */
const endAfterStart = (message: string) => (v: { startDate?: Date; endDate?: Date }, ctx: z.RefinementCtx) => {
  if (v.startDate && v.endDate && v.endDate.getTime() <= v.startDate.getTime()) {
    ctx.addIssue({ code: "custom", message, path: ["endDate"] });
  }
};

/** A typed course name must be 2+ characters; single mode needs one (hybrid may leave it empty). */
const optionalCourseName = z
  .string({ error: COURSE_NAME_TOO_SHORT })
  .optional()
  .transform((v) => (v?.trim() ? v : undefined))
  .pipe(courseNameSchema.optional());

// ---- Create ------------------------------------------------------------------------------------

const createFields = {
  name: challengeName(4, CREATE_NAME_TOO_SHORT),
  startDate: dateField("Start date"),
  endDate: dateField("End date"),
  courseMode: courseModeSchema.default("single"),
  rules: optionalText(2000, "Rules"),
  tiebreaker: createTiebreaker.default("mostBirdies"),
  tiebreakerThreshold: thresholdField(CREATE_THRESHOLD_MAX).default(DEFAULT_THRESHOLD),
  allowMultipleBirdies: flag("Allow multiple birdies").default(false),
  eagleBonus: flag("Eagle bonus").default(false),
  requireConfirmation: flag("Require confirmation").default(false),
};

/** The /challenges/new form (docs/product/routes-and-screens.md#create-challenge). */
export const createChallengeFormSchema = z
  .object({ ...createFields, courseName: optionalCourseName })
  .superRefine((v, ctx) => {
    if (v.courseMode === "single" && !v.courseName) {
      ctx.addIssue({ code: "custom", message: COURSE_NAME_TOO_SHORT, path: ["courseName"] });
    }
  })
  .superRefine(endAfterStart(CREATE_END_BEFORE_START));

/**
 * POST /api/challenges and challenges.create: the form minus courseName, with courseIds[]
 * (docs/product/api.md#post-apichallenges). A courseName is also accepted and found or created, so a client can skip the
 * separate course call.
 */
export const createChallengeSchema = z
  .object({
    ...createFields,
    description: optionalText(2000, "Description"),
    courseIds: courseIdsField.default([]),
    courseName: optionalCourseName,
  })
  .superRefine(endAfterStart(CREATE_END_BEFORE_START));

// ---- Edit --------------------------------------------------------------------------------------

const editFields = {
  name: challengeName(3, EDIT_NAME_TOO_SHORT),
  startDate: dateField("Start date"),
  endDate: dateField("End date"),
  courseMode: courseModeSchema,
  rules: optionalText(2000, "Rules"),
  tiebreaker: editTiebreaker,
  tiebreakerThreshold: thresholdField(EDIT_THRESHOLD_MAX),
  allowMultipleBirdies: flag("Allow multiple birdies"),
  eagleBonus: flag("Eagle bonus"),
  requireConfirmation: flag("Require confirmation"),
};

/** The /challenges/{id}/edit form (docs/product/routes-and-screens.md#edit-challenge): course name only matters in single mode. */
export const editChallengeFormSchema = z
  .object({
    ...editFields,
    courseMode: editFields.courseMode.default("single"),
    tiebreaker: editFields.tiebreaker.default("mostBirdies"),
    tiebreakerThreshold: editFields.tiebreakerThreshold.default(DEFAULT_THRESHOLD),
    allowMultipleBirdies: editFields.allowMultipleBirdies.default(false),
    eagleBonus: editFields.eagleBonus.default(false),
    requireConfirmation: editFields.requireConfirmation.default(false),
    courseName: optionalCourseName,
  })
  .superRefine(endAfterStart(EDIT_END_BEFORE_START));

const updateShape = {
  name: editFields.name.optional(),
  startDate: editFields.startDate.optional(),
  endDate: editFields.endDate.optional(),
  courseMode: editFields.courseMode.optional(),
  rules: editFields.rules,
  description: optionalText(2000, "Description"),
  tiebreaker: editFields.tiebreaker.optional(),
  tiebreakerThreshold: editFields.tiebreakerThreshold.optional(),
  allowMultipleBirdies: editFields.allowMultipleBirdies.optional(),
  eagleBonus: editFields.eagleBonus.optional(),
  requireConfirmation: editFields.requireConfirmation.optional(),
  /** Replaces the course list when given (single mode: exactly one). */
  courseIds: courseIdsField.optional(),
};

/**
 * PATCH /api/challenges/{id}: the create shape without courseName, every field optional (left out
 * means unchanged). The edit rules apply; the end-after-start check also runs against the stored
 * dates in the service when only one date is sent.
 */
export const updateChallengeSchema = z.object(updateShape).superRefine(endAfterStart(EDIT_END_BEFORE_START));

/** challenges.update over tRPC: the same fields plus the challenge id. */
export const updateChallengeProcedureSchema = z
  .object({ id: positiveIdSchema("challenge"), ...updateShape })
  .superRefine(endAfterStart(EDIT_END_BEFORE_START));

// ---- Ids and small inputs ----------------------------------------------------------------------

export const challengeIdSchema = z.object({ id: positiveIdSchema("challenge") });

/** POST /api/challenges/{id}/courses: a course by id, or by name (found or created). */
export const addChallengeCourseSchema = z
  .object({ courseId: positiveIdSchema("course").optional(), courseName: optionalCourseName })
  .superRefine((v, ctx) => {
    if (v.courseId === undefined && !v.courseName)
      ctx.addIssue({ code: "custom", message: "Select a course", path: ["courseId"] });
  });

export const addChallengeCourseProcedureSchema = z
  .object({
    id: positiveIdSchema("challenge"),
    courseId: positiveIdSchema("course").optional(),
    courseName: optionalCourseName,
  })
  .superRefine((v, ctx) => {
    if (v.courseId === undefined && !v.courseName)
      ctx.addIssue({ code: "custom", message: "Select a course", path: ["courseId"] });
  });

export const removePlayerSchema = z.object({ id: positiveIdSchema("challenge"), userId: positiveIdSchema("user") });

/** POST /api/challenges/{id}/transfer: the member who becomes the creator. */
export const transferChallengeSchema = z.object({ userId: positiveIdSchema("user") });

/** challenges.transfer over tRPC: the same field plus the challenge id. */
export const transferChallengeProcedureSchema = z.object({
  id: positiveIdSchema("challenge"),
  userId: positiveIdSchema("user"),
});

// ---- What the server answers -------------------------------------------------------------------

export type HoleCount = { birdies: number; eagles: number };

/** One challenge as its members see it (docs/product/api.md#challengeview-and-challengelistitem). Dates are ISO strings. */
export type ChallengeView = {
  id: number;
  name: string;
  rules: string | null;
  description: string | null;
  courseMode: CourseMode;
  startDate: string;
  endDate: string;
  tiebreaker: Tiebreaker;
  tiebreakerThreshold: number;
  allowMultipleBirdies: boolean;
  eagleBonus: boolean;
  /** Only records confirmed by the partner's own account count (docs/product/rules.md#verification). */
  requireConfirmation: boolean;
  creatorId: number;
  creatorName: string;
  createdAt: string;
  courses: Course[];
  /** The first course, plus ' +N more' when there are several; null when none is set. */
  courseName: string | null;
  courseInfo: string;
  inviteCode: string;
  /** `/join-challenge/{inviteCode}`; the client prefixes its origin. */
  inviteLink: string;
  invitePin: string;
  playerCount: number;
  isCreator: boolean;
  status: ChallengeStatus;
};

/** GET /api/users/{id}/challenges: a challenge plus the caller's own progress in it. */
export type ChallengeListItem = ChallengeView & {
  /** Percent of the 18 holes birdied or better, rounded. */
  progress: number;
  birdiedHoles: number[];
  eagleHoles: number[];
  holeCounts: Record<string, HoleCount>;
  /** The caller's points under the challenge's rules (birdie 1, eagle 3). */
  points: number;
};

export type ChallengePlayer = {
  id: number;
  username: string;
  displayName: string;
  profilePicture: string | null;
  handicap: number | null;
  joinedAt: string;
  isCreator: boolean;
};

export type InviteCodes = { inviteCode: string; inviteLink: string; invitePin: string };

import { z } from "zod";
import { HOLES_PER_CHALLENGE } from "../domain/challenge-progress";
import { normaliseScore, type RecordType } from "../domain/scoring";
import type { VerificationStatus } from "../domain/verification";
import { positiveIdSchema } from "./courses";
import { readableText } from "./text";

export const NO_HOLES_SELECTED = "Please select at least one hole";
export const HOLE_RANGE = "Hole number must be between 1 and 18";
export const SCORE_INVALID = "Score must be a birdie (3 strokes, or -1) or an eagle (2 or 1 strokes, or -2 or -3)";
export const PARTNER_REQUIRED = "Partner name is required";
export const SIGNATURE_REQUIRED = "Signature is required";
export const DATE_REQUIRED = "Date played is required";
export const DATE_INVALID = "Date played must be a valid date";

/** A calendar day as YYYY-MM-DD. An ISO timestamp is accepted and read as its UTC day. */
export const datePlayedSchema = z.union([z.string(), z.date()], { error: DATE_REQUIRED }).transform((v, ctx) => {
  if (v === "") {
    ctx.addIssue({ code: "custom", message: DATE_REQUIRED });
    return z.NEVER;
  }
  const text = v instanceof Date ? v.toISOString() : v.trim();
  const day = /^\d{4}-\d{2}-\d{2}$/.test(text)
    ? text
    : /^\d{4}-\d{2}-\d{2}T/.test(text)
      ? new Date(text).toISOString().slice(0, 10)
      : "";
  const d = new Date(`${day}T00:00:00.000Z`);
  if (!day || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== day || d.getUTCFullYear() < 1900) {
    ctx.addIssue({ code: "custom", message: DATE_INVALID });
    return z.NEVER;
  }
  return day;
});

export const holeNumberSchema = z.coerce
  .number({ error: HOLE_RANGE })
  .int(HOLE_RANGE)
  .min(1, HOLE_RANGE)
  .max(HOLES_PER_CHALLENGE, HOLE_RANGE);

/** Strokes (3, 2, 1) or the relative reading (-1, -2, -3), normalised to strokes. */
export const scoreSchema = z.coerce.number({ error: SCORE_INVALID }).transform((v, ctx) => {
  const strokes = normaliseScore(v);
  if (strokes === null) {
    ctx.addIssue({ code: "custom", message: SCORE_INVALID });
    return z.NEVER;
  }
  return strokes;
});

/** How a signature is stored: this prefix, then the typed text (docs/product/rules.md#recording-window). */
export const SIGNATURE_PREFIX = "signature:";

export const verifiedBySchema = z.object(
  {
    name: readableText(z.string({ error: PARTNER_REQUIRED }), "Partner name", PARTNER_REQUIRED)
      .min(1, PARTNER_REQUIRED)
      .max(100, "Partner name must be at most 100 characters"),
    // Stored as 'signature:' + text; a client that already prefixed it is not prefixed twice.
    signature: z
      .string({ error: SIGNATURE_REQUIRED })
      .transform((s) => (s.startsWith(SIGNATURE_PREFIX) ? s.slice(SIGNATURE_PREFIX.length) : s).trim())
      .pipe(
        readableText(z.string(), "Signature", SIGNATURE_REQUIRED)
          .min(1, SIGNATURE_REQUIRED)
          .max(100, "Signature must be at most 100 characters"),
      ),
  },
  { error: PARTNER_REQUIRED },
);

const courseChoice = {
  courseId: positiveIdSchema("course").optional(),
  customCourseName: z.string().trim().max(100, "Course name must be at most 100 characters").optional().nullable(),
};

/**
 * Who verifies (docs/product/rules.md#verification): a partner's account (`partnerUserId`, the
 * record starts pending until they confirm), or a typed name and signature (`verifiedBy`, the
 * record is signed). With an account the typed pair may be left out; without one it is required.
 */
const verifier = {
  verifiedBy: verifiedBySchema.optional(),
  partnerUserId: positiveIdSchema("partner").nullish(),
};

function partnerOrSignature(v: { verifiedBy?: unknown; partnerUserId?: number | null }, ctx: z.RefinementCtx) {
  if (v.partnerUserId == null && v.verifiedBy === undefined)
    ctx.addIssue({ code: "custom", message: PARTNER_REQUIRED, path: ["verifiedBy"] });
}

/** One hole, one record: the REST shape (the client sends one call per marked hole). */
export const recordBirdieSchema = z
  .object({
    challengeId: positiveIdSchema("challenge"),
    ...courseChoice,
    holeNumber: holeNumberSchema,
    score: scoreSchema,
    date: datePlayedSchema,
    ...verifier,
  })
  .superRefine(partnerOrSignature);

const roundHoles = z
  .array(z.object({ holeNumber: holeNumberSchema, score: scoreSchema }), { error: NO_HOLES_SELECTED })
  .min(1, NO_HOLES_SELECTED)
  .max(HOLES_PER_CHALLENGE, "A round has at most 18 holes");

function noHoleTwice(v: { holes: readonly { holeNumber: number }[] }, ctx: z.RefinementCtx) {
  const seen = new Set<number>();
  for (const h of v.holes) {
    if (seen.has(h.holeNumber))
      ctx.addIssue({ code: "custom", message: `Hole ${h.holeNumber} is marked twice`, path: ["holes"] });
    seen.add(h.holeNumber);
  }
}

/** A verified round: several holes recorded together, all or nothing. */
export const recordRoundSchema = z
  .object({
    challengeId: positiveIdSchema("challenge"),
    ...courseChoice,
    date: datePlayedSchema,
    holes: roundHoles,
    ...verifier,
    /**
     * The device's id for this round: a resend with the same id records nothing twice and answers
     * the first result; the same id sent for another challenge is refused (409).
     */
    clientRoundId: z
      .string({ error: "Invalid round id" })
      .regex(/^[A-Za-z0-9_-]{8,64}$/, "Invalid round id")
      .optional(),
  })
  .superRefine(noHoleTwice)
  .superRefine(partnerOrSignature);
export type RecordRoundInput = z.input<typeof recordRoundSchema>;

/**
 * birdies.checkRound: the round before the partner signs, checked against the same rules as
 * recordRound without writing anything (docs/product/rules.md#checking-a-round-before-signing).
 */
export const checkRoundSchema = z
  .object({
    challengeId: positiveIdSchema("challenge"),
    ...courseChoice,
    date: datePlayedSchema,
    holes: roundHoles,
    /** The partner's account the round will name: naming oneself is refused here already. */
    partnerUserId: verifier.partnerUserId,
  })
  .superRefine(noHoleTwice);
export type CheckRoundInput = z.input<typeof checkRoundSchema>;

/** A marked hole the rules refuse, and why (the 409 text recordRound would answer). */
export type HoleClash = { holeNumber: number; message: string };
export type RoundCheck = { clashes: HoleClash[] };

/** birdies.courseSuggestions: the courses a hybrid round is likely played on. */
export const courseSuggestionsSchema = z.object({ challengeId: positiveIdSchema("challenge") });
export type CourseSuggestions = {
  /** The challenge's own courses, then those already played in it (the most played first). */
  challengeCourses: { id: number; name: string }[];
  /** The golfer's recent courses elsewhere, newest first, not already above. */
  recentCourses: { id: number; name: string }[];
};

export const listBirdiesSchema = z.object({
  challengeId: positiveIdSchema("challenge").optional(),
});

/** GET /api/birdies: the same, where an empty `?challengeId=` (as the original client may send) means all. */
export const listBirdiesQuerySchema = z.object({
  challengeId: z.preprocess((v) => (v === "" ? undefined : v), positiveIdSchema("challenge").optional()),
});

export const playerBirdiesSchema = z.object({
  challengeId: positiveIdSchema("challenge"),
  userId: positiveIdSchema("user"),
});

export const deleteBirdieSchema = z.object({ id: positiveIdSchema("birdie") });

/** A birdie record as every client sees it (docs/product/api.md#birdierecord). */
export type BirdieRecord = {
  id: number;
  challengeId: number;
  userId: number;
  courseId: number;
  courseName: string | null;
  holeNumber: number;
  score: number;
  type: RecordType;
  /**
   * Whether this record counts: false for a birdie later superseded by an eagle on the same hole
   * (kept as history), and for a record whose verification status does not count
   * (docs/product/rules.md#verification).
   */
  counted: boolean;
  /** signed | pending | confirmed | disputed | voided (shared/domain/verification.ts). */
  verificationStatus: VerificationStatus;
  /** The partner's account when the golfer named one (two-key verification), else null. */
  partnerUserId: number | null;
  date: string;
  createdAt: string;
  verifiedBy: { name: string; signature: string };
};

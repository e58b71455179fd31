import { z } from "zod";
import type { VerificationStatus } from "../domain/verification";
import { positiveIdSchema } from "./courses";
import { readableText } from "./text";

// Two-key verification and creator moderation (docs/product/rules.md#verification, ADR 0040).

export const REASON_REQUIRED = "Please give a reason";
export const REASON_MAX = 500;

export const recordIdSchema = z.object({ id: positiveIdSchema("birdie") });

const reason = readableText(z.string({ error: REASON_REQUIRED }), "Reason", REASON_REQUIRED)
  .min(1, REASON_REQUIRED)
  .max(REASON_MAX, `Reason must be at most ${REASON_MAX} characters`);

/** The body of POST /api/birdies/{id}/dispute and /void: why, which the golfer is told. */
export const reasonBodySchema = z.object({ reason });
/** POST /api/birdies/{id}/restore: a reason may be given. */
export const restoreBodySchema = z.object({ reason: reason.optional() });

export const disputeRecordSchema = recordIdSchema.extend({ reason });
export const voidRecordSchema = recordIdSchema.extend({ reason });
export const restoreRecordSchema = recordIdSchema.extend({ reason: reason.optional() });

/** One change in a record's history: who, when, from what to what, and why. */
export type RecordStatusEvent = {
  id: number;
  /** Null for the first entry: how the record was recorded. */
  from: VerificationStatus | null;
  to: VerificationStatus;
  reason: string | null;
  at: string;
  /** Null when the account is gone (or the service itself made the change). */
  actor: { id: number; displayName: string } | null;
};

/** A record waiting for the caller's confirmation (the /verifications page and the bell). */
export type PendingVerification = {
  id: number;
  challengeId: number;
  challengeName: string;
  golfer: { id: number; displayName: string };
  holeNumber: number;
  score: number;
  type: "birdie" | "eagle";
  courseName: string | null;
  date: string;
  createdAt: string;
};

export const GOLFER_SEARCH_MIN = 2;
export const GOLFER_SEARCH_LIMIT = 10;

/** verification.searchGolfers: find a partner by the start of their username. */
export const golferSearchSchema = z.object({
  q: z.string({ error: "Search text must be text" }).trim().max(50, "Search text must be at most 50 characters"),
});

/** A golfer as the partner picker shows them: no e-mail, nothing else. */
export type GolferMatch = { id: number; username: string; displayName: string };

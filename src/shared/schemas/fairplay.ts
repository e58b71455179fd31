import { z } from "zod";
import { FLAG_STATUSES, type FlagRule, type FlagStatus } from "../domain/fairplay";
import type { VerificationStatus } from "../domain/verification";
import { positiveIdSchema } from "./courses";
import { readableText } from "./text";

// Anti-cheat flags (docs/product/api.md#fair-play): the admin review queue and the creator's
// badges. Messages are docs/product/texts-and-messages.md#fair-play-flags-and-results word for word.

export const FLAG_NOT_FOUND = "Flag not found";
export const VOID_REASON_MISSING = "Please give a reason";
export const VOID_REASON_MAX = 500;
export const FLAG_USER_NOT_NAMED = "That golfer is not named in this flag";
export const FLAG_NOT_OPEN = "This flag has already been dealt with";

export const adminFlagListSchema = z.object({
  status: z.enum(FLAG_STATUSES, { error: "Status must be one of open, dismissed, actioned" }).default("open"),
  page: z.coerce
    .number({ error: "Page must be a whole number" })
    .int("Page must be a whole number")
    .min(1, "Page must be 1 or more")
    .max(1_000_000, "Page is too large")
    .default(1),
});
export type AdminFlagListInput = z.input<typeof adminFlagListSchema>;

export const adminFlagIdSchema = z.object({ id: positiveIdSchema("flag") });

/** The body of POST /api/admin/flags/{id}/void. */
export const adminFlagVoidBodySchema = z.object({
  reason: readableText(
    z
      .string({ error: VOID_REASON_MISSING })
      .max(VOID_REASON_MAX, `Reason must be at most ${VOID_REASON_MAX} characters`),
    "Reason",
    VOID_REASON_MISSING,
  ).min(1, VOID_REASON_MISSING),
});
export const adminFlagVoidSchema = adminFlagIdSchema.extend(adminFlagVoidBodySchema.shape);

/** The body of POST /api/admin/flags/{id}/disable-user: which golfer (default: the flagged one). */
export const adminFlagDisableBodySchema = z.object({ userId: positiveIdSchema("user").optional() });
export const adminFlagDisableSchema = adminFlagIdSchema.extend(adminFlagDisableBodySchema.shape);

export type FlagGolfer = { id: number; username: string; displayName: string; disabled: boolean };
export type FlagRecord = {
  id: number;
  challengeId: number;
  challengeName: string;
  holeNumber: number;
  score: number;
  datePlayed: string;
  courseName: string;
  verifierName: string;
  verificationStatus: VerificationStatus;
};

/** One flag in the admin review queue. */
export type AdminFlag = {
  id: number;
  rule: FlagRule;
  title: string;
  explanation: string;
  status: FlagStatus;
  resolution: string | null;
  createdAt: string;
  updatedAt: string;
  user: FlagGolfer;
  otherUser: FlagGolfer | null;
  records: FlagRecord[];
};

export type AdminFlagPage = { items: AdminFlag[]; total: number; page: number; pageSize: number };

/** An open flag on a challenge's records, as its creator sees it beside them. */
export type ChallengeFlag = {
  id: number;
  rule: FlagRule;
  title: string;
  explanation: string;
  userId: number;
  /** The records of this challenge the flag is about. */
  recordIds: number[];
};

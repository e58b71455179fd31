import { z } from "zod";
import { normalisePin, PIN_INPUT_MAX, PIN_MIN_INPUT } from "../domain/invite-codes";
import type { ChallengeStatus } from "../domain/challenge-timing";
import type { Course } from "./courses";
import type { CourseMode } from "../domain/challenge-courses";
import type { Tiebreaker } from "./challenges";

export const PIN_REQUIRED = "Please enter a PIN code";
export const PIN_TOO_SHORT = "PIN code is too short";
export const PIN_TOO_LONG = "PIN code is too long";
/** The text for a PIN that names no challenge (docs/product/texts-and-messages.md#invites-and-pin). */
export const INVALID_PIN = "Invalid PIN code. Please try again.";

/**
 * The PIN form's field and the look-up's input (docs/product/texts-and-messages.md#invites-and-pin). Case, spaces and dashes do not
 * matter: the output is the normalised PIN.
 */
export const pinInputSchema = z.string({ error: PIN_REQUIRED }).transform((raw, ctx) => {
  if (!raw.trim()) {
    ctx.addIssue({ code: "custom", message: PIN_REQUIRED });
    return z.NEVER;
  }
  const pin = normalisePin(raw);
  if (pin.length < PIN_MIN_INPUT) {
    ctx.addIssue({ code: "custom", message: PIN_TOO_SHORT });
    return z.NEVER;
  }
  if (pin.length > PIN_INPUT_MAX || raw.length > 64) {
    ctx.addIssue({ code: "custom", message: PIN_TOO_LONG });
    return z.NEVER;
  }
  return pin;
});

export const pinLookupSchema = z.object({ pin: pinInputSchema });

/** An invite link's code; anything malformed is simply not found (no hint about the format). */
export const inviteCodeInputSchema = z.object({
  code: z.string({ error: "Invalid invite code" }).trim().min(1, "Invalid invite code").max(128, "Invalid invite code"),
});

/** GET /api/challenge-preview/{code}: what anyone holding the link may see (docs/product/api.md#invitepreview-and-invitedetails). */
export type InvitePreview = {
  id: number;
  name: string;
  creatorName: string;
  rules: string | null;
  description: string | null;
  courseMode: CourseMode;
  courseInfo: string;
  courses: Course[];
  startDate: string;
  endDate: string;
  status: ChallengeStatus;
  playerCount: number;
  tiebreaker: Tiebreaker;
  tiebreakerThreshold: number;
};

/** GET /api/challenges/invite/{code}: the preview for a signed-in golfer, and whether they are in. */
export type InviteDetails = InvitePreview & { challengeId: number; alreadyJoined: boolean };

export type JoinResult = { challengeId: number; name: string };

/** The original client's `{ success, name }`, plus where the join page goes next (docs/product/api.md#get-apichallengespinpin). */
export type PinLookupResult = { success: true; name: string; challengeId: number; inviteCode: string };

export const INVITE_EMAILS_MAX = 10;
/** The invite card's "Invite by email": up to 10 addresses at a time (docs/product/rules.md#invites). */
export const inviteEmailsBodySchema = z.object({
  emails: z
    .array(
      z
        .string({ error: "Please enter a valid email address" })
        .trim()
        .max(254, "Please enter a valid email address")
        .email("Please enter a valid email address"),
      { error: "Please enter at least one email address" },
    )
    .min(1, "Please enter at least one email address")
    .max(INVITE_EMAILS_MAX, `At most ${INVITE_EMAILS_MAX} addresses at a time`),
});
export const inviteEmailsSchema = inviteEmailsBodySchema.extend({
  challengeId: z.number({ error: "Invalid challenge id" }).int().positive("Invalid challenge id"),
});

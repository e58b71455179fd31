import type { ChallengeListItem } from "../../../../shared/schemas/challenges";
import type { RecordRoundInput } from "../../../../shared/schemas/birdies";
import { challengeStatus } from "../../../../shared/domain/challenge-timing";
import { recordType } from "../../../../shared/domain/scoring";
import { draftHasWork, draftScope, loadDraft, newRoundId, type StoredRound, saveDraft } from "./draft-store";
import type { HoleMark } from "./hole-marks";
import { CUSTOM_COURSE, type RecordDraft } from "./record-form";

// A round the offline outbox sent and the server refused (a date outside the window, a hole
// already recorded) comes back to the record form as a draft with the server's reason
// (docs/product/routes-and-screens.md#record-birdies), for the golfer to fix and send again.

/** The draft a refused round becomes: its challenge, course, date and marks, and the partner's name. */
export function draftFromRound(input: RecordRoundInput, challenge: ChallengeListItem, refusal: string): StoredRound {
  const marks: Record<number, HoleMark> = {};
  for (const hole of input.holes) marks[Number(hole.holeNumber)] = recordType(Number(hole.score));
  const custom = typeof input.customCourseName === "string" && input.customCourseName.trim() !== "";
  const draft: RecordDraft = {
    challengeId: challenge.id,
    courseMode: challenge.courseMode,
    courseChoice: custom ? CUSTOM_COURSE : input.courseId ? String(input.courseId) : "",
    customCourseName: custom ? String(input.customCourseName) : "",
    date: String(input.date),
    marks,
  };
  // A new id: what the golfer sends after fixing it is a new round as far as the server knows.
  // A partner picked by account comes back as "by account" for the golfer to pick again (the
  // outbox keeps only the id, not the name shown on the verification step).
  const byAccount = input.partnerUserId !== undefined && input.partnerUserId !== null;
  return {
    draft,
    roundId: newRoundId(),
    partnerName: input.verifiedBy?.name ?? "",
    partnerMode: byAccount ? "account" : "typed",
    refusal,
  };
}

/**
 * Puts a refused round back on the challenge's record page as a draft, and answers where, or
 * null when it cannot: the challenge is no longer one the golfer can record in (ended, left), or
 * a round is already being marked there (the golfer's work is never overwritten). Then the round
 * stays in the pending-sync panel with its reason.
 */
export function restoreRefusedRound(
  userId: number,
  input: RecordRoundInput,
  refusal: string,
  challenges: readonly ChallengeListItem[] | undefined,
  now = new Date(),
): string | null {
  const challenge = challenges?.find((c) => c.id === Number(input.challengeId));
  if (!challenge || challengeStatus(challenge.startDate, challenge.endDate, now) !== "active") return null;
  const scope = draftScope(challenge.id);
  const kept = loadDraft(userId, scope);
  if (kept && draftHasWork(kept.draft)) return null;
  saveDraft(userId, scope, draftFromRound(input, challenge, refusal));
  return `/record-birdies/${challenge.id}`;
}

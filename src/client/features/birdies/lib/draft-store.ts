import { readStorage, removeStorage, writeStorage } from "../../../lib/storage";
import { uuid } from "../../../lib/uuid";
import type { HoleMark } from "./hole-marks";
import { CUSTOM_COURSE, type RecordDraft } from "./record-form";

// The round being marked survives Back, Forward, a reload and an app kill
// (docs/product/routes-and-screens.md#record-birdies): it is kept on the device, per golfer and per
// record page, until it is recorded or discarded. The round id is made with the draft, so every
// submit of this round (a double tap, a retry, the offline outbox, a second tab) carries the same
// id and the server records it once (docs/product/rules.md#recording-window).

export type StoredRound = {
  draft: RecordDraft;
  /** The clientRoundId every submit of this round sends. */
  roundId: string;
  partnerName: string;
  /** The partner's account picked on the verification step (two-key verification), if any. */
  partner?: { id: number; displayName: string; username: string } | null;
  /** Whether the partner is picked by account or typed by name. */
  partnerMode?: "account" | "typed";
  /** Why the server refused this round when it came back from the offline outbox, if it did. */
  refusal?: string | null;
};

const VERSION = 1;
const keyFor = (userId: number, scope: string) => `birdie.round-draft.v${VERSION}.${userId}.${scope}`;

/** The page a draft belongs to: one challenge's record page, or the general one. */
export function draftScope(lockedChallengeId: number | null): string {
  return lockedChallengeId === null ? "any" : String(lockedChallengeId);
}

export function newRoundId(): string {
  return uuid();
}

const MARKS = new Set<HoleMark>(["birdie", "eagle"]);

/** A stored draft, or null when there is none or it cannot be read as one. */
export function loadDraft(userId: number, scope: string): StoredRound | null {
  const raw = readStorage(keyFor(userId, scope));
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredRound>;
    const d = value.draft;
    if (!d || typeof value.roundId !== "string" || !/^[A-Za-z0-9_-]{8,64}$/.test(value.roundId)) return null;
    const marks: Record<number, HoleMark> = {};
    for (const [hole, mark] of Object.entries(d.marks ?? {})) {
      const n = Number(hole);
      if (Number.isInteger(n) && n >= 1 && n <= 18 && MARKS.has(mark as HoleMark)) marks[n] = mark as HoleMark;
    }
    return {
      draft: {
        challengeId: typeof d.challengeId === "number" ? d.challengeId : null,
        courseMode: d.courseMode === "single" || d.courseMode === "hybrid" ? d.courseMode : null,
        courseChoice: typeof d.courseChoice === "string" ? d.courseChoice : "",
        customCourseName: typeof d.customCourseName === "string" ? d.customCourseName : "",
        date: typeof d.date === "string" ? d.date : "",
        marks,
      },
      roundId: value.roundId,
      partnerName: typeof value.partnerName === "string" ? value.partnerName : "",
      partner: readPartner(value.partner),
      partnerMode: value.partnerMode === "account" ? "account" : "typed",
      refusal: typeof value.refusal === "string" ? value.refusal : null,
    };
  } catch {
    return null;
  }
}

function readPartner(value: unknown): StoredRound["partner"] {
  if (!value || typeof value !== "object") return null;
  const p = value as Record<string, unknown>;
  if (typeof p.id !== "number" || !Number.isInteger(p.id) || p.id < 1) return null;
  if (typeof p.displayName !== "string" || typeof p.username !== "string") return null;
  return { id: p.id, displayName: p.displayName, username: p.username };
}

export function saveDraft(userId: number, scope: string, round: StoredRound): void {
  writeStorage(keyFor(userId, scope), JSON.stringify(round));
}

export function clearDraft(userId: number, scope: string): void {
  removeStorage(keyFor(userId, scope));
}

/** Whether a draft holds anything worth keeping (a mark or a typed course). */
export function draftHasWork(draft: RecordDraft): boolean {
  return (
    Object.keys(draft.marks).length > 0 ||
    (draft.courseChoice === CUSTOM_COURSE && draft.customCourseName.trim() !== "")
  );
}

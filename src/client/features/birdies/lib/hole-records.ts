import { formatChallengeDate } from "../../../../shared/domain/challenge-timing";
import { markableTypes } from "../../../../shared/domain/hole-rule";
import { type HoleCount, type RecordType, recordType, summariseHoles } from "../../../../shared/domain/scoring";
import type { BirdieRecord } from "../../../../shared/schemas/birdies";
import { HOLE_NUMBERS } from "./hole-marks";

// How recorded holes read in the grids, the Hole N Details dialog and the Verification Details
// drawer (docs/product/routes-and-screens.md#hole-status-grid).

export type HoleState = "none" | "birdie" | "eagle";

export type HoleStatus = {
  hole: number;
  state: HoleState;
  birdies: number;
  eagles: number;
  /** Nothing counts on the hole yet, but a record waits for the partner's confirmation. */
  pending?: boolean;
};

type HoleFields = {
  birdiedHoles: readonly number[];
  eagleHoles: readonly number[];
  holeCounts: Readonly<Record<string, HoleCount>>;
};

/** One entry per hole 1-18: an eagled hole is shown as eagled, not also birdied (docs/product/rules.md#progress). */
export function holeStatuses(
  { birdiedHoles, eagleHoles, holeCounts }: HoleFields,
  records?: readonly BirdieRecord[],
): HoleStatus[] {
  const eagled = new Set(eagleHoles);
  const birdied = new Set(birdiedHoles);
  const waiting = new Set((records ?? []).filter(waitsForConfirmation).map((r) => r.holeNumber));
  return HOLE_NUMBERS.map((hole) => {
    const counts = holeCounts[String(hole)] ?? { birdies: 0, eagles: 0 };
    const state: HoleState = eagled.has(hole) ? "eagle" : birdied.has(hole) ? "birdie" : "none";
    const status: HoleStatus = { hole, state, birdies: counts.birdies, eagles: counts.eagles };
    if (state === "none" && waiting.has(hole)) status.pending = true;
    return status;
  });
}

/** What is already recorded on one hole and which marks it still takes (docs/product/rules.md#one-record-per-hole-or-many). */
export type HoleRecordState = {
  status: HoleStatus;
  allowed: readonly RecordType[];
  /** A round on this device that is not sent yet marks the hole (the offline outbox). */
  waiting?: RecordType;
};

/**
 * Each hole's recorded state in the challenge and the marks it still takes (the shared hole rule).
 * A round still waiting on this device (the offline outbox) takes its holes as the server will once
 * it arrives: marking them again would only come back refused when the round is sent.
 */
export function recordedHoles(
  challenge: HoleFields & { allowMultipleBirdies: boolean },
  waiting: ReadonlyMap<number, RecordType> = new Map(),
): Map<number, HoleRecordState> {
  return new Map(
    holeStatuses(challenge).map((status) => {
      const onDevice = waiting.get(status.hole);
      const counted = status.state === "none" ? null : status.state;
      const strongest = counted === "eagle" || onDevice === "eagle" ? "eagle" : (counted ?? onDevice ?? null);
      const state: HoleRecordState = { status, allowed: markableTypes(strongest, challenge.allowMultipleBirdies) };
      if (onDevice) state.waiting = onDevice;
      return [status.hole, state];
    }),
  );
}

/**
 * A record that does not count yet only because it is not confirmed (requireConfirmation): it
 * shows as pending on the grids (docs/product/rules.md#verification).
 */
export function waitsForConfirmation(r: BirdieRecord): boolean {
  return !r.counted && (r.verificationStatus === "pending" || r.verificationStatus === "signed");
}

/** The hole fields of one player from their records (a leaderboard player's dialog). */
export function holeFieldsFromRecords(records: readonly BirdieRecord[]): HoleFields & { distinctHoles: number } {
  // Only counted records score; the rules flags do not change which holes are birdied.
  const summary = summariseHoles(records, { allowMultipleBirdies: true, eagleBonus: false });
  return {
    birdiedHoles: summary.birdiedHoles,
    eagleHoles: summary.eagleHoles,
    holeCounts: summary.holeCounts,
    distinctHoles: summary.distinctHoles,
  };
}

/** Newest first: latest date played, then latest recorded. */
export function newestFirst(records: readonly BirdieRecord[]): BirdieRecord[] {
  return [...records].sort(
    (a, b) => b.date.localeCompare(a.date) || b.createdAt.localeCompare(a.createdAt) || b.id - a.id,
  );
}

export function recordsForHole(records: readonly BirdieRecord[], hole: number): BirdieRecord[] {
  return newestFirst(records.filter((r) => r.holeNumber === hole));
}

/** Eagle when the stored score is 2 or less, else Birdie (docs/product/rules.md#birdie-or-eagle). */
export function typeName(score: number): "Eagle" | "Birdie" {
  return recordType(score) === "eagle" ? "Eagle" : "Birdie";
}

const SIGNATURE_PREFIX = "signature:";
const ACCOUNT_PREFIX = "account:@";

/** The partner's username when the record names their account (two-key verification), else null. */
export function partnerAccount(signature: string | null | undefined): string | null {
  return signature?.startsWith(ACCOUNT_PREFIX) ? signature.slice(ACCOUNT_PREFIX.length) : null;
}

/** The typed signature without its storage prefix; null when there is none to show. */
export function signatureText(signature: string | null | undefined): string | null {
  if (!signature || partnerAccount(signature) !== null) return null;
  const text = (signature.startsWith(SIGNATURE_PREFIX) ? signature.slice(SIGNATURE_PREFIX.length) : signature).trim();
  return text || null;
}

/** A date played (a calendar day, YYYY-MM-DD) as "May 20, 2026", the same day for every viewer. */
export function formatPlayedDate(date: string): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T00:00:00.000Z` : date;
  if (Number.isNaN(new Date(day).getTime())) return date;
  return formatChallengeDate(day, "UTC");
}

/** An instant (createdAt) in the viewer's own calendar. */
export function formatInstant(iso: string): string {
  if (Number.isNaN(new Date(iso).getTime())) return iso;
  return formatChallengeDate(iso);
}

export type CourseHoles = { courseName: string; holes: number[] };

/** The player dialog's "holes by course": each course with the holes counted there, in hole order. */
export function holesByCourse(records: readonly BirdieRecord[], unknownCourse = "Unknown course"): CourseHoles[] {
  const byCourse = new Map<string, Set<number>>();
  for (const r of records) {
    if (!r.counted) continue;
    const name = r.courseName?.trim() || unknownCourse;
    const holes = byCourse.get(name) ?? new Set<number>();
    holes.add(r.holeNumber);
    byCourse.set(name, holes);
  }
  return [...byCourse]
    .map(([courseName, holes]) => ({ courseName, holes: [...holes].sort((a, b) => a - b) }))
    .sort((a, b) => b.holes.length - a.holes.length || a.courseName.localeCompare(b.courseName));
}

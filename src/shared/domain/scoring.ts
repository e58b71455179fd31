import { HOLES_PER_CHALLENGE, progressPercent } from "./challenge-progress";
import { countOf } from "./plural";

// The scoring rule (docs/product/rules.md#birdie-or-eagle): a record's score is strokes on a par-4
// hole (3 birdie, 2 eagle, 1 albatross/hole-in-one counted as an eagle). The relative reading (-1
// birdie, -2 eagle, -3) is accepted at the edges and normalised here.

export const PAR = 4;
export const BIRDIE_POINTS = 1;
export const EAGLE_POINTS = 3;

export type RecordType = "birdie" | "eagle";

/** Strokes (1-3) from either reading, or null when the number is neither. */
export function normaliseScore(score: number): number | null {
  if (!Number.isInteger(score)) return null;
  if (score >= 1 && score <= 3) return score;
  if (score <= -1 && score >= -3) return PAR + score;
  return null;
}

/**
 * Eagle when the stored score is 2 or less, a hole-in-one on a par 4 included
 * (docs/product/rules.md#birdie-or-eagle).
 */
export function recordType(strokes: number): RecordType {
  return strokes <= 2 ? "eagle" : "birdie";
}

export function pointsFor(strokes: number): number {
  return recordType(strokes) === "eagle" ? EAGLE_POINTS : BIRDIE_POINTS;
}

/** Drawer label: 'Eagle (-2)' or 'Birdie (-1)'. */
export function typeLabel(strokes: number): string {
  return recordType(strokes) === "eagle" ? "Eagle (-2)" : "Birdie (-1)";
}

export type ScoredRecord = { holeNumber: number; score: number; counted: boolean };
export type HoleCount = { birdies: number; eagles: number };

export type ChallengeRules = { allowMultipleBirdies: boolean; eagleBonus: boolean };

export type HoleSummary = {
  /** Holes whose best counted record is a birdie (an eagled hole is not also "birdied"). */
  birdiedHoles: number[];
  eagleHoles: number[];
  /** Per hole, counted records by type (what the multiple-birdies badges show). */
  holeCounts: Record<string, HoleCount>;
  distinctHoles: number;
  progress: number;
  points: number;
  /** The mostBirdies tiebreak tally: with eagleBonus an eagle counts as two birdies. */
  birdieTally: number;
};

/**
 * One player's standing in one challenge from their records. Only counted records score: with
 * multiples off the service keeps one counted record per hole (an eagle may supersede a birdie).
 */
export function summariseHoles(records: readonly ScoredRecord[], rules: ChallengeRules): HoleSummary {
  const holeCounts: Record<string, HoleCount> = {};
  const bestByHole = new Map<number, RecordType>();
  let points = 0;
  let birdieTally = 0;
  for (const r of records) {
    if (!r.counted || r.holeNumber < 1 || r.holeNumber > HOLES_PER_CHALLENGE) continue;
    const type = recordType(r.score);
    const key = String(r.holeNumber);
    const counts = holeCounts[key] ?? { birdies: 0, eagles: 0 };
    holeCounts[key] = counts;
    if (type === "eagle") counts.eagles += 1;
    else counts.birdies += 1;
    points += pointsFor(r.score);
    birdieTally += type === "eagle" ? (rules.eagleBonus ? 2 : 1) : 1;
    if (bestByHole.get(r.holeNumber) !== "eagle") bestByHole.set(r.holeNumber, type);
  }
  const birdiedHoles: number[] = [];
  const eagleHoles: number[] = [];
  for (const [hole, type] of [...bestByHole].sort((a, b) => a[0] - b[0])) {
    (type === "eagle" ? eagleHoles : birdiedHoles).push(hole);
  }
  const distinctHoles = bestByHole.size;
  return {
    birdiedHoles,
    eagleHoles,
    holeCounts,
    distinctHoles,
    progress: progressPercent(distinctHoles),
    points,
    birdieTally,
  };
}

/**
 * The record success toast body (docs/product/texts-and-messages.md#domain-texts):
 * 'Recorded 2 holes: 1 birdie, 1 eagle.' (plurals by Intl.PluralRules).
 */
export function recordedSummaryText(birdies: number, eagles: number): string {
  return `Recorded ${countOf(birdies + eagles, "hole", "holes")}: ${countOf(birdies, "birdie", "birdies")}, ${countOf(eagles, "eagle", "eagles")}.`;
}

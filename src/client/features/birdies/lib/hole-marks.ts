import { HOLES_PER_CHALLENGE } from "../../../../shared/domain/challenge-progress";
import { PAR, type RecordType } from "../../../../shared/domain/scoring";

// The record form's hole grid (docs/product/routes-and-screens.md#record-birdies): each tap moves a
// hole through none -> birdie -> eagle -> none.

export type HoleMark = "none" | RecordType;
export type HoleMarks = Readonly<Record<number, HoleMark>>;

export const HOLE_NUMBERS: readonly number[] = Array.from({ length: HOLES_PER_CHALLENGE }, (_, i) => i + 1);

const NEXT: Record<HoleMark, HoleMark> = { none: "birdie", birdie: "eagle", eagle: "none" };

export function nextMark(mark: HoleMark): HoleMark {
  return NEXT[mark];
}

export function markOf(marks: HoleMarks, hole: number): HoleMark {
  return marks[hole] ?? "none";
}

/**
 * The mark after a tap when only `allowed` marks are open on the hole (the hole picker knows what
 * is already recorded: docs/product/rules.md#one-record-per-hole-or-many): the cycle skips the rest.
 */
export function nextAllowedMark(mark: HoleMark, allowed: readonly RecordType[]): HoleMark {
  let next = nextMark(mark);
  while (next !== "none" && !allowed.includes(next)) next = nextMark(next);
  return next;
}

/** The marks after one tap on `hole`; unmarked holes are dropped so the object stays small. */
export function tapHole(
  marks: HoleMarks,
  hole: number,
  allowed: readonly RecordType[] = ["birdie", "eagle"],
): HoleMarks {
  const next = nextAllowedMark(markOf(marks, hole), allowed);
  const copy: Record<number, HoleMark> = { ...marks };
  if (next === "none") delete copy[hole];
  else copy[hole] = next;
  return copy;
}

/** Strokes on the fixed par 4 (docs/product/rules.md#birdie-or-eagle): birdie 3, eagle 2. */
export function strokesFor(mark: RecordType): number {
  return mark === "eagle" ? PAR - 2 : PAR - 1;
}

/** What recordRound receives: the marked holes in hole order with their strokes. */
export function markedHoles(marks: HoleMarks): { holeNumber: number; score: number }[] {
  return HOLE_NUMBERS.flatMap((hole) => {
    const mark = markOf(marks, hole);
    return mark === "none" ? [] : [{ holeNumber: hole, score: strokesFor(mark) }];
  });
}

export function countMarks(marks: HoleMarks): { birdies: number; eagles: number; total: number } {
  let birdies = 0;
  let eagles = 0;
  for (const hole of HOLE_NUMBERS) {
    const mark = markOf(marks, hole);
    if (mark === "birdie") birdies += 1;
    else if (mark === "eagle") eagles += 1;
  }
  return { birdies, eagles, total: birdies + eagles };
}

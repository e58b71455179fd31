import { type RecordType, recordType } from "./scoring";

// One record per hole, or many (docs/product/rules.md#one-record-per-hole-or-many), as one pure
// rule shared by recording (the authority), the dry-run check before the partner signs, and the
// record form's hole picker, so the three never disagree.

export const holeTaken = (hole: number) => `Hole ${hole} is already recorded in this challenge`;

/**
 * What a new record of `type` on a hole does, given the type of the hole's counted record (none
 * when the hole is open): "new" records it, "upgrade" turns a counted birdie into history under
 * the eagle, "taken" is refused (409).
 */
export function holeOutcome(
  counted: RecordType | null,
  type: RecordType,
  allowMultipleBirdies: boolean,
): "new" | "upgrade" | "taken" {
  if (allowMultipleBirdies || counted === null) return "new";
  return counted === "birdie" && type === "eagle" ? "upgrade" : "taken";
}

/** The marks a golfer may still put on a hole: both, only an eagle (upgrade), or none. */
export function markableTypes(counted: RecordType | null, allowMultipleBirdies: boolean): RecordType[] {
  return (["birdie", "eagle"] as const).filter((t) => holeOutcome(counted, t, allowMultipleBirdies) !== "taken");
}

/** The counted type of a hole from its counted strokes (the best when several count). */
export function countedType(strokes: readonly number[]): RecordType | null {
  if (!strokes.length) return null;
  return recordType(Math.min(...strokes));
}

import { describe, expect, test } from "bun:test";
import { legendLines } from "./hole-legends-card";

const hole = (n: number, firstBy: { userId: number; displayName: string; date: string } | null = null) => ({
  holeNumber: n,
  firstBy,
  birdies: firstBy ? 1 : 0,
  eagles: 0,
});

describe("legendLines", () => {
  test("a line per birdied hole with the first golfer and day; the rest are open", () => {
    const holes = Array.from({ length: 18 }, (_, i) => hole(i + 1));
    holes[6] = hole(7, { userId: 1, displayName: "Alice", date: "2026-11-12" });
    const { legends, open } = legendLines(holes);
    expect(legends).toHaveLength(1);
    // The day played is a UTC calendar day: the same words in every zone (rules.md#time-texts).
    expect(legends[0]).toBe("Hole 7 legend: Alice, Nov 12");
    expect(open).toEqual([1, 2, 3, 4, 5, 6, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
  });
});

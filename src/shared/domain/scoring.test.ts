import { describe, expect, test } from "bun:test";
import { normaliseScore, pointsFor, recordType, recordedSummaryText, summariseHoles, typeLabel } from "./scoring";

describe("score readings", () => {
  const table: [number, number | null][] = [
    [3, 3],
    [2, 2],
    [1, 1],
    [-1, 3],
    [-2, 2],
    [-3, 1],
    [4, null],
    [0, null],
    [-4, null],
    [5, null],
    [2.5, null],
    [Number.NaN, null],
  ];
  for (const [input, strokes] of table)
    test(`${input} -> ${strokes}`, () => expect(normaliseScore(input)).toBe(strokes));

  test("type, points and labels from strokes", () => {
    expect([3, 2, 1].map(recordType)).toEqual(["birdie", "eagle", "eagle"]);
    expect([3, 2, 1].map(pointsFor)).toEqual([1, 3, 3]);
    expect(typeLabel(3)).toBe("Birdie (-1)");
    expect(typeLabel(2)).toBe("Eagle (-2)");
  });
});

describe("summariseHoles", () => {
  const off = { allowMultipleBirdies: false, eagleBonus: false };
  test("nothing recorded", () => {
    expect(summariseHoles([], off)).toEqual({
      birdiedHoles: [],
      eagleHoles: [],
      holeCounts: {},
      distinctHoles: 0,
      progress: 0,
      points: 0,
      birdieTally: 0,
    });
  });

  test("a birdie superseded by an eagle counts once, as an eagle, not also birdied", () => {
    const s = summariseHoles(
      [
        { holeNumber: 5, score: 3, counted: false },
        { holeNumber: 5, score: 2, counted: true },
        { holeNumber: 7, score: 3, counted: true },
      ],
      off,
    );
    expect(s.birdiedHoles).toEqual([7]);
    expect(s.eagleHoles).toEqual([5]);
    expect(s.points).toBe(4);
    expect(s.distinctHoles).toBe(2);
    expect(s.progress).toBe(11); // 2/18 = 11.1%
    expect(s.holeCounts).toEqual({ "5": { birdies: 0, eagles: 1 }, "7": { birdies: 1, eagles: 0 } });
  });

  test("with multiples every counted record scores; the hole shows as eagled once any eagle exists", () => {
    const rules = { allowMultipleBirdies: true, eagleBonus: false };
    const s = summariseHoles(
      [
        { holeNumber: 1, score: 3, counted: true },
        { holeNumber: 1, score: 3, counted: true },
        { holeNumber: 1, score: 1, counted: true },
        { holeNumber: 2, score: 3, counted: true },
      ],
      rules,
    );
    expect(s.points).toBe(1 + 1 + 3 + 1);
    expect(s.holeCounts["1"]).toEqual({ birdies: 2, eagles: 1 });
    expect(s.eagleHoles).toEqual([1]);
    expect(s.birdiedHoles).toEqual([2]);
    expect(s.birdieTally).toBe(4);
  });

  test("eagle bonus: an eagle counts as two birdies in the tally, points unchanged", () => {
    const recs = [
      { holeNumber: 1, score: 2, counted: true },
      { holeNumber: 2, score: 3, counted: true },
    ];
    expect(summariseHoles(recs, { allowMultipleBirdies: false, eagleBonus: true })).toMatchObject({
      points: 4,
      birdieTally: 3,
    });
    expect(summariseHoles(recs, { allowMultipleBirdies: false, eagleBonus: false })).toMatchObject({
      points: 4,
      birdieTally: 2,
    });
  });

  test("progress rounding: 1/18 -> 6, 9/18 -> 50, 17/18 -> 94, 18/18 -> 100", () => {
    const holes = (n: number) => Array.from({ length: n }, (_, i) => ({ holeNumber: i + 1, score: 3, counted: true }));
    expect([1, 9, 17, 18].map((n) => summariseHoles(holes(n), off).progress)).toEqual([6, 50, 94, 100]);
  });

  test("success toast text", () => {
    expect(recordedSummaryText(1, 1)).toBe("Recorded 2 holes: 1 birdie, 1 eagle.");
    expect(recordedSummaryText(0, 1)).toBe("Recorded 1 hole: 0 birdies, 1 eagle.");
  });
});

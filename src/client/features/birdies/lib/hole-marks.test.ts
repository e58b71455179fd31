import { describe, expect, test } from "bun:test";
import { countMarks, type HoleMark, markedHoles, nextMark, tapHole } from "./hole-marks";

describe("hole marks", () => {
  test.each<[HoleMark, HoleMark]>([
    ["none", "birdie"],
    ["birdie", "eagle"],
    ["eagle", "none"],
  ])("%s -> %s", (from, to) => {
    expect(nextMark(from)).toBe(to);
  });

  test("three taps bring a hole back to unmarked and drop it", () => {
    let marks = tapHole({}, 7);
    expect(marks).toEqual({ 7: "birdie" });
    marks = tapHole(marks, 7);
    expect(marks).toEqual({ 7: "eagle" });
    marks = tapHole(marks, 7);
    expect(marks).toEqual({});
  });

  test("tapping never changes the input", () => {
    const marks = { 1: "birdie" as const };
    tapHole(marks, 1);
    expect(marks).toEqual({ 1: "birdie" });
  });

  test("marked holes are sent in hole order with par-4 strokes", () => {
    expect(markedHoles({ 12: "eagle", 3: "birdie" })).toEqual([
      { holeNumber: 3, score: 3 },
      { holeNumber: 12, score: 2 },
    ]);
    expect(markedHoles({})).toEqual([]);
  });

  test("counts by type", () => {
    expect(countMarks({ 1: "birdie", 2: "birdie", 18: "eagle" })).toEqual({ birdies: 2, eagles: 1, total: 3 });
    expect(countMarks({})).toEqual({ birdies: 0, eagles: 0, total: 0 });
  });
});

describe("taps on a hole with recorded marks", () => {
  test("a birdied hole (multiples off) cycles none -> eagle -> none", () => {
    expect(tapHole({}, 5, ["eagle"])).toEqual({ 5: "eagle" });
    expect(tapHole({ 5: "eagle" }, 5, ["eagle"])).toEqual({});
  });
  test("an eagled hole (multiples off) cannot be marked", () => {
    expect(tapHole({}, 5, [])).toEqual({});
  });
});

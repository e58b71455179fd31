import { describe, expect, test } from "bun:test";
import { countedType, holeOutcome, markableTypes } from "./hole-rule";

describe("one record per hole, or many", () => {
  test("multiple birdies off: open, upgrade, taken", () => {
    expect(holeOutcome(null, "birdie", false)).toBe("new");
    expect(holeOutcome("birdie", "eagle", false)).toBe("upgrade");
    expect(holeOutcome("birdie", "birdie", false)).toBe("taken");
    expect(holeOutcome("eagle", "eagle", false)).toBe("taken");
    expect(holeOutcome("eagle", "birdie", false)).toBe("taken");
  });
  test("multiple birdies on: every hole is open", () => {
    expect(holeOutcome("eagle", "birdie", true)).toBe("new");
    expect(markableTypes("eagle", true)).toEqual(["birdie", "eagle"]);
  });
  test("markable types and the counted type", () => {
    expect(markableTypes(null, false)).toEqual(["birdie", "eagle"]);
    expect(markableTypes("birdie", false)).toEqual(["eagle"]);
    expect(markableTypes("eagle", false)).toEqual([]);
    expect(countedType([])).toBeNull();
    expect(countedType([3, 2])).toBe("eagle");
    expect(countedType([3])).toBe("birdie");
  });
});

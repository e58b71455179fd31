import { describe, expect, test } from "bun:test";
import { axisTicks, heatLevel, labelIndices, layoutBars, niceMax } from "./chart";

describe("niceMax", () => {
  const cases: [number, number][] = [
    [0, 1],
    [1, 1],
    [2, 2],
    [3, 3],
    [7, 8],
    [11, 15],
    [24, 25],
    [26, 30],
    [180, 200],
    [266, 300],
    [1234, 1500],
    [Number.NaN, 1],
  ];
  for (const [max, expected] of cases) test(`${max} -> ${expected}`, () => expect(niceMax(max)).toBe(expected));
});

describe("axisTicks", () => {
  test("whole steps from 0 to the maximum", () => {
    expect(axisTicks(1)).toEqual([0, 1]);
    expect(axisTicks(2)).toEqual([0, 1, 2]);
    expect(axisTicks(5)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(axisTicks(10)).toEqual([0, 2, 4, 6, 8, 10]);
    expect(axisTicks(20)).toEqual([0, 5, 10, 15, 20]);
    expect(axisTicks(25)).toEqual([0, 5, 10, 15, 20, 25]);
    expect(axisTicks(200)).toEqual([0, 50, 100, 150, 200]);
    expect(axisTicks(300)).toEqual([0, 100, 200, 300]);
    expect(axisTicks(8)).toEqual([0, 2, 4, 6, 8]);
    expect(axisTicks(15)).toEqual([0, 5, 10, 15]);
    expect(axisTicks(1500)).toEqual([0, 500, 1000, 1500]);
    expect(axisTicks(0)).toEqual([0]);
  });
});

describe("layoutBars", () => {
  test("scales to the axis and leaves gaps", () => {
    const bars = layoutBars([0, 5, 10], 300, 100, 10, 0.2);
    expect(bars.map((b) => b.height)).toEqual([0, 50, 100]);
    expect(bars.map((b) => b.y)).toEqual([100, 50, 0]);
    expect(bars[0].width).toBeCloseTo(80);
    expect(bars[1].x).toBeCloseTo(110);
  });

  test("a tiny non-zero value still shows", () => {
    const [bar] = layoutBars([1], 10, 100, 1000);
    expect(bar.height).toBeGreaterThan(0);
  });

  test("no values, no bars", () => expect(layoutBars([], 100, 100, 1)).toEqual([]));
});

describe("labelIndices", () => {
  test("first, last and evenly spaced", () => {
    expect(labelIndices(30, 4)).toEqual([0, 10, 19, 29]);
    expect(labelIndices(3, 4)).toEqual([0, 1, 2]);
    expect(labelIndices(0)).toEqual([]);
  });
});

describe("heatLevel", () => {
  test("zero is level 0; the rest spread over the range of non-zero values", () => {
    const values = [0, 12, 13, 15, 18];
    expect(values.map((v) => heatLevel(v, values))).toEqual([0, 1, 2, 3, 4]);
    expect(heatLevel(0, [0, 0])).toBe(0);
  });

  test("equal non-zero values are all the top level", () => {
    expect(heatLevel(3, [0, 3, 3])).toBe(4);
    expect(heatLevel(1, [1])).toBe(4);
  });

  test("a small count among big ones stays at level 1", () => {
    expect(heatLevel(1, [1, 500, 1000])).toBe(1);
    expect(heatLevel(1000, [1, 500, 1000])).toBe(4);
  });
});

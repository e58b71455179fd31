import { describe, expect, test } from "bun:test";
import { pointsText } from "./points";

describe("pointsText", () => {
  test("one point is singular, any other count plural", () => {
    expect([0, 1, 2, 4].map(pointsText)).toEqual(["0 pts", "1 pt", "2 pts", "4 pts"]);
  });
});

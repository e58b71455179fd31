import { describe, expect, test } from "bun:test";
import { endsInText } from "./ends-in";

const now = Date.UTC(2026, 4, 20, 12, 0);
const hours = (h: number) => new Date(now + h * 3_600_000).toISOString();

describe("endsInText", () => {
  test.each([
    [hours(5 * 24 + 3), "Ends in 5 days 3 hours"],
    [hours(25), "Ends in 1 day 1 hour"],
    [hours(0.5), "Ends in 0 days 0 hours"],
    [hours(-3), "Ends in 0 days 0 hours"],
  ])("%s", (end, text) => {
    expect(endsInText(end, now)).toBe(text);
  });
});

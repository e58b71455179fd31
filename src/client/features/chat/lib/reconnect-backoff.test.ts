import { describe, expect, test } from "bun:test";
import { BACKOFF_BASE_MS, BACKOFF_MAX_MS, backoffDelay } from "./reconnect-backoff";

const middle = () => 0.5; // no jitter

describe("backoffDelay", () => {
  test("doubles from 1 s and stops at 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10, 1000].map((a) => backoffDelay(a, middle))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000, 30000,
    ]);
  });

  test("jitter stays within 20% and inside 1 s .. 30 s", () => {
    for (const attempt of [0, 1, 2, 3, 4, 5, 8]) {
      for (const r of [0, 0.25, 0.999]) {
        const d = backoffDelay(attempt, () => r);
        expect(d).toBeGreaterThanOrEqual(BACKOFF_BASE_MS);
        expect(d).toBeLessThanOrEqual(BACKOFF_MAX_MS);
      }
    }
    expect(backoffDelay(2, () => 0)).toBe(3200);
    expect(backoffDelay(2, () => 0.999)).toBe(4798);
  });

  test("nonsense attempts count as the first", () => {
    expect(backoffDelay(-3, middle)).toBe(1000);
    expect(backoffDelay(Number.NaN, middle)).toBe(1000);
  });
});

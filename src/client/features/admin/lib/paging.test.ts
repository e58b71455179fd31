import { describe, expect, test } from "bun:test";
import { pageCount, parsePage, rangeText } from "./paging";

describe("paging", () => {
  test("page count is at least one", () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });

  test("range text", () => {
    expect(rangeText(1, 20, 0)).toBe("No results");
    expect(rangeText(1, 20, 5)).toBe("Showing 1–5 of 5");
    expect(rangeText(2, 20, 45)).toBe("Showing 21–40 of 45");
    expect(rangeText(3, 20, 45)).toBe("Showing 41–45 of 45");
    expect(rangeText(9, 20, 45)).toBe("No results on this page (45 in total)");
  });

  test("page numbers from the URL", () => {
    expect(parsePage("3")).toBe(3);
    expect(parsePage(null)).toBe(1);
    expect(parsePage("0")).toBe(1);
    expect(parsePage("2.5")).toBe(1);
    expect(parsePage("abc")).toBe(1);
  });
});

import { describe, expect, test } from "bun:test";
import { AD_POPUP_DELAY_MS, AD_TAGLINE, type AdTheme, adCopy, parsePopupDelay, PLACEMENT_THEMES } from "./ad-copy";
import { parseAdFree } from "./ad-settings";

describe("ad copy", () => {
  test("every theme carries the product's line word for word (docs/product/texts-and-messages.md#ads), with its own title and call to action", () => {
    const themes: AdTheme[] = ["golf", "sports", "default"];
    const copies = themes.map(adCopy);
    for (const c of copies) {
      expect(c.tagline).toBe("Betting isn't hard, you're just bad at it");
      expect(c.title.length).toBeGreaterThan(0);
      expect(c.cta.length).toBeGreaterThan(0);
    }
    expect(new Set(copies.map((c) => c.title)).size).toBe(3);
    expect(AD_TAGLINE).toBe("Betting isn't hard, you're just bad at it");
  });

  test("the challenge detail card is golf-themed", () => {
    expect(PLACEMENT_THEMES["challenge-detail"]).toBe("golf");
  });
});

describe("parsePopupDelay", () => {
  const cases: [string | null, number][] = [
    [null, AD_POPUP_DELAY_MS],
    ["", AD_POPUP_DELAY_MS],
    ["abc", AD_POPUP_DELAY_MS],
    ["-5", AD_POPUP_DELAY_MS],
    ["1.5", AD_POPUP_DELAY_MS],
    ["0", 0],
    ["500", 500],
    [" 1200 ", 1200],
  ];
  for (const [stored, expected] of cases)
    test(`${JSON.stringify(stored)} -> ${expected}`, () => expect(parsePopupDelay(stored)).toBe(expected));
});

describe("parseAdFree (default on)", () => {
  test("nothing stored means ad-free", () => expect(parseAdFree(null)).toBe(true));
  test("'false' turns ads on", () => expect(parseAdFree("false")).toBe(false));
  test("'true' and junk stay ad-free", () => {
    expect(parseAdFree("true")).toBe(true);
    expect(parseAdFree("maybe")).toBe(true);
  });
});

import { describe, expect, test } from "bun:test";
import { countOf, pluralForm } from "./plural";

describe("plurals through Intl.PluralRules", () => {
  test("one is singular; zero, many and fractions are plural", () => {
    expect([0, 1, 2, 18].map((n) => countOf(n, "hole", "holes"))).toEqual(["0 holes", "1 hole", "2 holes", "18 holes"]);
    expect(pluralForm(1.5, "pt", "pts")).toBe("pts");
    expect(pluralForm(1, "birdie", "birdies")).toBe("birdie");
  });
});

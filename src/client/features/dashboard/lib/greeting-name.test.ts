import { expect, test } from "bun:test";
import { greetingName } from "./greeting-name";

test.each([
  ["Tiger Woods", "Tiger"],
  ["  Rory  McIlroy ", "Rory"],
  ["Annika", "Annika"],
  ["", "Golfer"],
  ["   ", "Golfer"],
  [null, "Golfer"],
  [undefined, "Golfer"],
])("greetingName(%p) = %p", (input, expected) => {
  expect(greetingName(input)).toBe(expected);
});

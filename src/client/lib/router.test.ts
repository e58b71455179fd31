import { describe, expect, test } from "bun:test";
import { isActivePath } from "./router";

// NavLink's current-page rule, as react-router's NavLink had it (the nav bars' highlight and
// aria-current depend on it).
describe("isActivePath", () => {
  test("the same path is current", () => {
    expect(isActivePath("/challenges", "/challenges")).toBe(true);
    expect(isActivePath("/", "/", true)).toBe(true);
  });

  test("a path below it is current unless `end`", () => {
    expect(isActivePath("/challenges/12", "/challenges")).toBe(true);
    expect(isActivePath("/challenges/12", "/challenges", true)).toBe(false);
    expect(isActivePath("/leaderboard/global", "/leaderboard")).toBe(true);
  });

  test("a longer name is not below it", () => {
    expect(isActivePath("/challenges-old", "/challenges")).toBe(false);
    expect(isActivePath("/leaderboard/my-challenges", "/leaderboard/my")).toBe(false);
  });

  test("the dashboard link (end) is current on / only", () => {
    expect(isActivePath("/challenges", "/", true)).toBe(false);
    expect(isActivePath("/challenges", "/")).toBe(false);
  });

  test("case-insensitive; the link's query and hash are ignored", () => {
    expect(isActivePath("/Challenges", "/challenges")).toBe(true);
    expect(isActivePath("/profile", "/profile?tab=account")).toBe(true);
    expect(isActivePath("/profile", "/profile#x")).toBe(true);
  });

  test("a trailing slash on the link looks at the same spot", () => {
    expect(isActivePath("/challenges/12", "/challenges/")).toBe(true);
  });
});

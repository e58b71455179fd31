import { describe, expect, test } from "bun:test";
import { challengePageId, pageDataUrl } from "./page-data";

describe("page data paths", () => {
  test("a challenge's page, with or without a trailing slash; nothing else", () => {
    expect(challengePageId("/challenges/42")).toBe(42);
    expect(challengePageId("/challenges/42/")).toBe(42);
    for (const other of [
      "/challenges",
      "/challenges/new",
      "/challenges/42/edit",
      "/challenges/007",
      "/challenges/0",
      "/challenges/12345678901",
    ])
      expect(challengePageId(other)).toBeNull();
  });

  test("the dashboard and a challenge preload their data; other pages none", () => {
    expect(pageDataUrl("/")).toBe("/api/dashboard");
    expect(pageDataUrl("/challenges/7")).toBe("/api/challenges/7");
    expect(pageDataUrl("/profile")).toBeNull();
    expect(pageDataUrl("/challenges/new")).toBeNull();
  });
});

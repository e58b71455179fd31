import { describe, expect, test } from "bun:test";
import { challengePageId, isRecordPage, pageDataUrl } from "./page-data";

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

  test("the record page, with or without a challenge or a trailing slash; nothing else", () => {
    for (const path of ["/record-birdies", "/record-birdies/", "/record-birdies/42", "/record-birdies/42/"])
      expect(isRecordPage(path), path).toBe(true);
    for (const other of [
      "/record-birdies/new",
      "/record-birdies/42/edit",
      "/record-multiple-birdies",
      "/",
      "/challenges/4",
    ])
      expect(isRecordPage(other), other).toBe(false);
  });
});

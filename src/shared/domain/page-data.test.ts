import { describe, expect, test } from "bun:test";
import {
  carriesChallengeList,
  challengeBoardPageId,
  challengePageId,
  isGlobalBoardPage,
  isRecordPage,
  pageDataUrl,
  periodFromParam,
} from "./page-data";

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

  test("the boards: the global board, a challenge's board by its id as the page reads it; nothing else", () => {
    expect(isGlobalBoardPage("/leaderboard/global")).toBe(true);
    expect(isGlobalBoardPage("/leaderboard/global/")).toBe(true);
    for (const other of ["/leaderboard", "/leaderboard/my-challenges", "/leaderboard/7", "/leaderboard/global/x"])
      expect(isGlobalBoardPage(other), other).toBe(false);
    expect(challengeBoardPageId("/leaderboard/7")).toBe(7);
    expect(challengeBoardPageId("/leaderboard/7/")).toBe(7);
    // The page reads its id as a number, a leading zero or not, up to PostgreSQL's integer.
    expect(challengeBoardPageId("/leaderboard/007")).toBe(7);
    expect(challengeBoardPageId("/leaderboard/2147483647")).toBe(2147483647);
    for (const other of [
      "/leaderboard/0",
      "/leaderboard/2147483648",
      "/leaderboard/global",
      "/leaderboard/my-challenges",
      "/leaderboard/7/x",
      "/challenges/7",
    ])
      expect(challengeBoardPageId(other), other).toBeNull();
  });

  test("the record page and the boards carry the golfer's challenges; other pages do not", () => {
    for (const path of ["/record-birdies", "/record-birdies/3", "/leaderboard/global", "/leaderboard/3"])
      expect(carriesChallengeList(path), path).toBe(true);
    for (const other of ["/", "/challenges/3", "/profile", "/leaderboard/my-challenges", "/leaderboard"])
      expect(carriesChallengeList(other), other).toBe(false);
  });

  test("the global board's period from its address: one of the periods, else All Time", () => {
    for (const period of ["all", "year", "month", "week", "day"] as const) expect(periodFromParam(period)).toBe(period);
    for (const other of [null, undefined, "", "decade", "WEEK", " week"]) expect(periodFromParam(other)).toBe("all");
  });
});

import { describe, expect, test } from "bun:test";
import { firstScreenRoute } from "./first-screens";

describe("firstScreenRoute", () => {
  test("names the signed-in pages the server renders, by their paths as the browser has them", () => {
    expect(firstScreenRoute("/")).toBe("dashboard");
    expect(firstScreenRoute("/challenges/42")).toBe("challenge");
    expect(firstScreenRoute("/record-birdies")).toBe("record");
    expect(firstScreenRoute("/record-birdies/42")).toBe("record");
    expect(firstScreenRoute("/leaderboard/global")).toBe("globalBoard");
    expect(firstScreenRoute("/leaderboard/42")).toBe("challengeBoard");
    expect(firstScreenRoute("/profile")).toBe("profile");
  });

  test("any other page, a trailing slash or a query in the path: none", () => {
    for (const path of [
      "/challenges",
      "/challenges/new",
      "/challenges/42/edit",
      "/leaderboard",
      "/leaderboard/my-challenges",
      "/profile/",
      "/profile?tab=settings",
      "/auth",
      "/admin",
      "",
    ])
      expect(firstScreenRoute(path), path).toBeNull();
  });
});

import { describe, expect, test } from "bun:test";
import { isRouterQuery, routerOf } from "./query-keys";

describe("query keys", () => {
  test("a tRPC key names its router; a plain key its own name; anything else none", () => {
    expect(routerOf([["birdies", "list"], { input: { challengeId: 3 }, type: "query" }])).toBe("birdies");
    expect(routerOf([["chat", "list"], { type: "infinite" }])).toBe("chat");
    expect(routerOf(["dashboard"])).toBe("dashboard");
    expect(routerOf([{ router: "birdies" }])).toBeNull();
    expect(routerOf([])).toBeNull();
  });

  test("invalidations match the routers named, and only those", () => {
    const boards = new Set(["leaderboards"]);
    expect(isRouterQuery([["leaderboards", "challengeTop"], { input: { challengeId: 1 } }], boards)).toBe(true);
    expect(isRouterQuery([["challenges", "list"], { type: "query" }], boards)).toBe(false);
    expect(isRouterQuery(["dashboard"], boards)).toBe(false);
    expect(isRouterQuery([], boards)).toBe(false);
  });
});

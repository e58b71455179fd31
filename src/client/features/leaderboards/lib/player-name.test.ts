import { describe, expect, test } from "bun:test";
import { handicapText, medalFor, playerName, realName } from "./player-name";

const user = { id: 7, displayName: "Rory Tester", username: "rory" };

describe("player texts", () => {
  test("the signed-in player reads 'You'", () => {
    expect(playerName(user, 7)).toBe("You");
    expect(playerName(user, 8)).toBe("Rory Tester");
    expect(playerName(user, undefined)).toBe("Rory Tester");
  });

  test("name fallbacks", () => {
    expect(realName({ displayName: " ", username: "rory" })).toBe("rory");
    expect(realName({ displayName: "", username: "" })).toBe("Unknown User");
  });

  test.each([
    [null, "Handicap: N/A"],
    [undefined, "Handicap: N/A"],
    [12.4, "Handicap: 12.4"],
    [0, "Handicap: 0"],
  ])("handicap %p", (value, text) => {
    expect(handicapText(value)).toBe(text);
  });

  test.each([
    [1, "gold"],
    [2, "silver"],
    [3, "bronze"],
    [4, null],
    [0, null],
  ] as const)("rank %d medal %p", (rank, medal) => {
    expect(medalFor(rank, 2)).toBe(medal);
  });

  test("no medal without points, whatever the rank", () => {
    expect([1, 2, 3].map((rank) => medalFor(rank, 0))).toEqual([null, null, null]);
  });
});

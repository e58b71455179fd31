import { describe, expect, test } from "bun:test";
import {
  alreadyJoinedChallengeId,
  authUrlFor,
  isAlreadyJoinedMessage,
  isWellFormedInviteCode,
  PIN_DISPLAY_MAX,
  pinFieldValue,
} from "./invite-flow";

describe("PIN field", () => {
  test("upper-cases, drops separators and groups in threes", () => {
    expect(pinFieldValue("abc-def ghi j")).toEqual({ pin: "ABCDEFGHIJ", display: "ABC DEF GHI J" });
  });
  test("keeps at most 12 characters", () => {
    expect(pinFieldValue("ABCDEFGHJKLMNPQ").pin).toBe("ABCDEFGHJKLM");
    expect(pinFieldValue("ABCDEFGHJKLMNPQ").display).toHaveLength(PIN_DISPLAY_MAX);
  });
  test("empty stays empty", () => expect(pinFieldValue("  - ")).toEqual({ pin: "", display: "" }));
});

describe("already joined", () => {
  test("reads the id from the 409 message", () => {
    expect(alreadyJoinedChallengeId("Already joined challenge 42")).toBe(42);
    expect(alreadyJoinedChallengeId("409: Already joined challenge 7")).toBe(7);
    expect(alreadyJoinedChallengeId("Already joined")).toBeNull();
    expect(alreadyJoinedChallengeId("Challenge not found")).toBeNull();
  });
  test("recognises the text anywhere", () => {
    expect(isAlreadyJoinedMessage("Already joined challenge 3")).toBe(true);
    expect(isAlreadyJoinedMessage("This challenge has ended")).toBe(false);
  });
});

test("invite codes", () => {
  expect(isWellFormedInviteCode("AbCdEf123456-_xy")).toBe(true);
  expect(isWellFormedInviteCode("short")).toBe(false);
  expect(isWellFormedInviteCode("has space in it!")).toBe(false);
});

describe("auth redirect", () => {
  test("keeps slashes readable", () => {
    expect(authUrlFor("/join")).toBe("/auth?redirect=/join");
    expect(authUrlFor("/join-challenge/AbC_12")).toBe("/auth?redirect=/join-challenge/AbC_12");
  });
  test("escapes query characters and adds extras", () => {
    expect(authUrlFor("/invite/a&b=c")).toBe("/auth?redirect=/invite/a%26b%3Dc");
    expect(authUrlFor("/invite/x", { tab: "register" })).toBe("/auth?redirect=/invite/x&tab=register");
  });
});

import { describe, expect, test } from "bun:test";
import {
  generateInviteCode,
  generateInvitePin,
  groupPin,
  INVITE_CODE_PATTERN,
  inviteLinkPath,
  isWellFormedPin,
  normalisePin,
  PIN_ALPHABET,
} from "./invite-codes";

describe("PIN alphabet", () => {
  test("is A-Z and 2-9 without I, O, 0, 1 (32 letters, so a byte mask is unbiased)", () => {
    expect(PIN_ALPHABET).toHaveLength(32);
    for (const ch of "IO01") expect(PIN_ALPHABET).not.toContain(ch);
    expect(new Set(PIN_ALPHABET).size).toBe(32);
  });
});

describe("generation", () => {
  test("PINs are 10 characters from the alphabet and differ", () => {
    const pins = new Set(Array.from({ length: 200 }, () => generateInvitePin()));
    expect(pins.size).toBe(200);
    for (const pin of pins) {
      expect(pin).toMatch(/^[A-HJ-NP-Z2-9]{10}$/);
      expect(isWellFormedPin(pin)).toBe(true);
    }
  });

  test("invite codes are 16 url-safe characters", () => {
    const codes = new Set(Array.from({ length: 200 }, () => generateInviteCode()));
    expect(codes.size).toBe(200);
    for (const code of codes) {
      expect(code).toMatch(/^[A-Za-z0-9_-]{16}$/);
      expect(INVITE_CODE_PATTERN.test(code)).toBe(true);
    }
  });

  test("every alphabet letter is reachable from the random bytes", () => {
    const bytes = (n: number) => Uint8Array.from({ length: n }, (_, i) => i + 22);
    expect(generateInvitePin(bytes)).toBe("YZ23456789");
    expect(generateInvitePin((n) => new Uint8Array(n))).toBe("AAAAAAAAAA");
    expect(generateInvitePin((n) => new Uint8Array(n).fill(255))).toBe("9999999999");
  });
});

describe("normalisePin and isWellFormedPin", () => {
  const cases: [string, string, boolean][] = [
    ["ABCDEFGHJK", "ABCDEFGHJK", true],
    ["abcdefghjk", "ABCDEFGHJK", true],
    ["abc-def-ghj-k", "ABCDEFGHJK", true],
    [" ABC DEF GHJ K ", "ABCDEFGHJK", true],
    ["ab.c_de/fgh jk", "ABCDEFGHJK", true],
    ["ABCDEFGHIK", "ABCDEFGHIK", false], // I is never issued
    ["ABCDEFGH0K", "ABCDEFGH0K", false],
    ["ABCDEF", "ABCDEF", false],
    ["ABCDEFGHJKL", "ABCDEFGHJKL", false],
  ];
  for (const [raw, normalised, wellFormed] of cases) {
    test(`${JSON.stringify(raw)} -> ${normalised} (${wellFormed ? "well formed" : "never issued"})`, () => {
      expect(normalisePin(raw)).toBe(normalised);
      expect(isWellFormedPin(normalisePin(raw))).toBe(wellFormed);
    });
  }
});

test("groupPin shows threes and inviteLinkPath builds the join path", () => {
  expect(groupPin("ABCDEFGHJK")).toBe("ABC DEF GHJ K");
  expect(groupPin("ABCDEF", "-")).toBe("ABC-DEF");
  expect(groupPin("")).toBe("");
  expect(inviteLinkPath("abc123XYZ_-q")).toBe("/join-challenge/abc123XYZ_-q");
});

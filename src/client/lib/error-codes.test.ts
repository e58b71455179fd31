import { describe, expect, test } from "bun:test";
import { errorCodeOf, isConflict, isNotFound } from "./error-codes";

describe("errorCodeOf", () => {
  test("reads the tRPC code from error data", () => {
    expect(errorCodeOf({ data: { code: "NOT_FOUND" } })).toBe("NOT_FOUND");
    expect(isNotFound({ data: { code: "NOT_FOUND" } })).toBe(true);
    expect(isConflict({ data: { code: "CONFLICT", httpStatus: 409 } })).toBe(true);
  });
  test("anything else has no code", () => {
    for (const value of [null, undefined, "x", new Error("boom"), { data: null }, { data: { code: 404 } }]) {
      expect(errorCodeOf(value)).toBeNull();
    }
  });
});

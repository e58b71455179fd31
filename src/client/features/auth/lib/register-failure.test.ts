import { describe, expect, test } from "bun:test";
import { registerFailureField } from "./register-failure";

describe("registerFailureField", () => {
  test.each([
    ["Username is already taken", "username"],
    ["Email is already registered", "email"],
    ["Username or email is already registered", "username"],
    ["Too many sign-up attempts. Try again later.", null],
    ["Registration failed", null],
  ] as const)("%s -> %s", (message, field) => {
    expect(registerFailureField(message)).toBe(field);
  });
});

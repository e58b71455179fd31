import { describe, expect, test } from "bun:test";
import { authRedirectUrl, safeRedirectTarget } from "./safe-redirect";

describe("safeRedirectTarget", () => {
  const cases: [string | null, string][] = [
    [null, "/"],
    ["", "/"],
    ["/achievements", "/achievements"],
    ["/profile?tab=settings", "/profile?tab=settings"],
    ["https://evil.example", "/"],
    ["//evil.example", "/"],
    ["/\\evil.example", "/"],
    ["javascript:alert(1)", "/"],
    ["/auth?redirect=/x", "/"],
    ["/login", "/"],
    ["/authors", "/authors"],
  ];
  for (const [input, expected] of cases) {
    test(`${JSON.stringify(input)} -> ${expected}`, () => expect(safeRedirectTarget(input)).toBe(expected));
  }
});

describe("authRedirectUrl", () => {
  test("encodes the path and query", () => {
    expect(authRedirectUrl("/achievements")).toBe("/auth?redirect=%2Fachievements");
    expect(authRedirectUrl("/profile?tab=settings")).toBe("/auth?redirect=%2Fprofile%3Ftab%3Dsettings");
  });
  test("the home page needs no redirect", () => expect(authRedirectUrl("/")).toBe("/auth"));
  test("another sign-in page", () =>
    expect(authRedirectUrl("/admin/users", "/admin/login")).toBe("/admin/login?redirect=%2Fadmin%2Fusers"));
});

import { describe, expect, test } from "bun:test";
import { adminTargetOf } from "./admin-target";

describe("adminTargetOf", () => {
  const cases: [string | null, string][] = [
    [null, "/admin/dashboard"],
    ["/admin/users?q=bob", "/admin/users?q=bob"],
    ["/admin", "/admin"],
    ["/admin/login", "/admin/dashboard"],
    ["/admin/login?redirect=/admin/users", "/admin/dashboard"],
    ["/challenges", "/admin/dashboard"],
    ["/administrator", "/admin/dashboard"],
    ["//evil.example/admin", "/admin/dashboard"],
    ["https://evil.example/admin", "/admin/dashboard"],
  ];
  for (const [raw, expected] of cases) test(`${raw} -> ${expected}`, () => expect(adminTargetOf(raw)).toBe(expected));
});

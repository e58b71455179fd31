import { describe, expect, test } from "bun:test";
import { loginSchema, registerSchema } from "../../shared/schemas/auth";
import { firstIssueByField } from "./form-errors";

describe("firstIssueByField", () => {
  test("keeps the first message per field, in the product's wording (docs/product/texts-and-messages.md#sign-in-and-profile-fields)", () => {
    const result = registerSchema.safeParse({ username: "a!", displayName: "", email: "nope", password: "1" });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(firstIssueByField(result.error.issues)).toEqual({
      username: "Username must be at least 3 characters",
      displayName: "Display name is required",
      email: "Please enter a valid email address",
      password: "Password must be at least 6 characters",
    });
  });

  test("login messages", () => {
    const result = loginSchema.safeParse({ username: "", password: "" });
    if (result.success) throw new Error("expected failure");
    expect(firstIssueByField(result.error.issues)).toEqual({
      username: "Username is required",
      password: "Password must be at least 6 characters",
    });
  });
});

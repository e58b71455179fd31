import { describe, expect, test } from "bun:test";
import { checkSupportForm } from "./support-form";

const valid = {
  email: "tiger@example.com",
  subject: "Scores",
  message: "Hole 7 is missing",
  type: "question" as const,
};

describe("checkSupportForm", () => {
  test("a complete form passes, trimmed", () => {
    expect(checkSupportForm({ ...valid, subject: "  Scores  " })).toEqual({
      ok: true,
      input: { ...valid, subject: "Scores" },
    });
  });
  test("blank subject or message is 'Missing information', and each blank field says so itself", () => {
    for (const [field, values] of [
      ["subject", { ...valid, subject: "   " }],
      ["message", { ...valid, message: "" }],
      ["email", { ...valid, email: "" }],
    ] as const) {
      const result = checkSupportForm(values);
      expect(result).toEqual({ ok: false, missing: true, fieldErrors: { [field]: "Please fill out this field." } });
    }
  });
  test("an invalid email is a field error, not missing information", () => {
    const result = checkSupportForm({ ...valid, email: "not-an-email" });
    expect(result).toEqual({ ok: false, missing: false, fieldErrors: { email: "Please enter a valid email address" } });
  });
});

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
  test("blank subject or message is 'Missing information'", () => {
    for (const values of [
      { ...valid, subject: "   " },
      { ...valid, message: "" },
      { ...valid, email: "" },
    ]) {
      const result = checkSupportForm(values);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.missing).toBe(true);
    }
  });
  test("an invalid email is a field error, not missing information", () => {
    const result = checkSupportForm({ ...valid, email: "not-an-email" });
    expect(result).toEqual({ ok: false, missing: false, fieldErrors: { email: "Please enter a valid email address" } });
  });
});

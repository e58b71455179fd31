import { describe, expect, test } from "bun:test";
import { fieldOfRefusal } from "./server-form-error";

const refusal = (httpStatus: number) => ({ data: { httpStatus } });
const both = { currentPassword: "currentPassword", otherField: "email" } as const;

describe("fieldOfRefusal", () => {
  test("a wrong current password belongs under the password", () => {
    expect(fieldOfRefusal(refusal(400), "Current password is incorrect", both)).toBe("currentPassword");
    expect(fieldOfRefusal(refusal(400), "Current password is incorrect", { currentPassword: "currentPassword" })).toBe(
      "currentPassword",
    );
  });
  test("an address taken or already yours belongs under the address", () => {
    expect(fieldOfRefusal(refusal(409), "Email is already registered", both)).toBe("email");
    expect(fieldOfRefusal(refusal(400), "This is already your email address", both)).toBe("email");
  });
  test("too many tries, a server that cannot mail, or no answer: the whole form", () => {
    expect(fieldOfRefusal(refusal(429), "Too many password checks", both)).toBeNull();
    expect(fieldOfRefusal(refusal(503), "This server cannot send e-mail", both)).toBeNull();
    expect(fieldOfRefusal(new TypeError("Failed to fetch"), "Failed to fetch", both)).toBeNull();
    // A form with no other field keeps other 400s above the button.
    expect(fieldOfRefusal(refusal(400), "Something else", { currentPassword: "currentPassword" })).toBeNull();
  });
});

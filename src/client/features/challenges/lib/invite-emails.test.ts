import { describe, expect, test } from "bun:test";
import { checkInviteEmails, splitAddresses } from "./invite-emails";

describe("invite by email field", () => {
  test("addresses are separated by commas, semicolons, spaces or new lines", () => {
    expect(splitAddresses(" ana@example.com, bo@example.com;\ncy@example.com  ")).toEqual([
      "ana@example.com",
      "bo@example.com",
      "cy@example.com",
    ]);
  });

  test.each([
    ["", { ok: false, message: "Please enter at least one email address" }],
    [" , ", { ok: false, message: "Please enter at least one email address" }],
    ["ana@example.com bo@", { ok: false, message: "Please enter a valid email address: bo@" }],
    [
      Array.from({ length: 11 }, (_, i) => `p${i}@example.com`).join(","),
      { ok: false, message: "At most 10 addresses at a time" },
    ],
    ["ana@example.com,bo@example.com", { ok: true, emails: ["ana@example.com", "bo@example.com"] }],
  ])("%p", (text, expected) => {
    expect(checkInviteEmails(text)).toEqual(expected as never);
  });
});

import { describe, expect, test } from "bun:test";
import { rateLimitMessage } from "./send-error";

describe("rateLimitMessage", () => {
  const limited = { message: "You are sending messages too quickly. Please wait a moment and try again." };

  test("a 429 from tRPC gives the server's message, by code or by status", () => {
    expect(rateLimitMessage({ ...limited, data: { code: "TOO_MANY_REQUESTS", httpStatus: 429 } })).toBe(
      limited.message,
    );
    expect(rateLimitMessage({ ...limited, data: { httpStatus: 429 } })).toBe(limited.message);
  });

  test("a 429 without a message still says what happened", () => {
    expect(rateLimitMessage({ message: "", data: { code: "TOO_MANY_REQUESTS" } })).toBe(
      "You are sending messages too quickly.",
    );
  });

  test("other failures are not rate limits", () => {
    expect(rateLimitMessage({ message: "Not a member", data: { code: "NOT_FOUND", httpStatus: 404 } })).toBeNull();
    expect(rateLimitMessage(new Error("Failed to fetch"))).toBeNull();
    expect(rateLimitMessage(null)).toBeNull();
  });
});

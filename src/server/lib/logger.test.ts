import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { users } from "../db/schema/users";
import { generateSessionToken, sessionIdFromToken } from "../auth/session";
import { hashPassword } from "../auth/password";
import { createTestHarness, signUp, type TestHarness } from "../test/harness/harness";
import { logger } from "./logger";

// Issue 13, row 9: a failed query on an auth table, logged the way the app logs unexpected
// errors, must not put the password hash, the e-mail or a session token in the log.

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness();
});
afterAll(() => h.close());

/** What logger.error writes (it writes to console.error), for the duration of `fn`. */
async function captured(fn: () => void | Promise<void>): Promise<string> {
  const lines: string[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => lines.push(args.map(String).join(" "));
  try {
    await fn();
  } finally {
    console.error = original;
  }
  return lines.join("\n");
}

describe("logs carry no secrets or personal data", () => {
  test("a failed insert into users: no hash, e-mail or parameters in the line, the query text kept", async () => {
    const { input } = await signUp(h, { email: "taken.golfer@example.com" });
    const passwordHash = await hashPassword("another-secret-1");
    // A second account with the same e-mail: the unique index refuses it, drizzle reports the
    // statement with every parameter.
    const failure = await h.db
      .insert(users)
      .values({ username: `${input.username}2`, displayName: "Copy", email: input.email, passwordHash })
      .then(() => undefined)
      .catch((err: Error) => err);
    expect(failure).toBeInstanceOf(Error);
    expect(String(failure?.stack)).toContain(passwordHash); // the driver's message does carry them

    const log = await captured(() => {
      logger.error("unhandled error", { path: "/api/register", error: String(failure?.stack) });
      logger.error("trpc error", { path: "auth.register", error: failure });
    });
    expect(log).toContain("insert into");
    expect(log).toContain("params: [redacted]");
    expect(log).not.toContain(passwordHash);
    expect(log).not.toContain("$argon2");
    expect(log).not.toContain("taken.golfer@example.com");
    expect(log).not.toContain(`${input.username}2`);
  });

  test("tokens, session ids and secret-named fields are masked wherever they appear", async () => {
    const token = generateSessionToken();
    const sessionId = sessionIdFromToken(token);
    const log = await captured(() =>
      logger.error("session trouble", {
        detail: `cookie session=${token} for session ${sessionId}`,
        cookie: `session=${token}`,
        password: "hunter22",
        nested: { email: "nested@example.com", note: "write to nested.person@example.org" },
      }),
    );
    expect(log).not.toContain(token);
    expect(log).not.toContain(sessionId);
    expect(log).not.toContain("hunter22");
    expect(log).not.toContain("@example.");
    expect(JSON.parse(log)).toMatchObject({ msg: "session trouble", password: "[redacted]", cookie: "[redacted]" });
  });
});

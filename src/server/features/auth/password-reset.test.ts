import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { INVALID_RESET_LINK } from "../../../shared/schemas/recovery";
import { linkTokenId } from "../../auth/link-token";
import { passwordResetTokens } from "../../db/schema/account-tokens";
import { sessions, users } from "../../db/schema/users";
import { createTestHarness, RestClient, signUp } from "../../test/harness/harness";
import { deliverQueuedMail, dropQueuedMail, mailTestHarness } from "../../test/harness/mail";
import { linkIn } from "../../test/harness/smtp-catcher";
import { MAIL_DISABLED, RESET_REQUESTED, TOO_MANY_RESETS } from "./password-reset";

// POST /api/password-reset and /api/password-reset/{token} (docs/product/api.md#password-reset-and-e-mail).
const withMail = mailTestHarness({ RATE_LIMIT_SCALE: "1" });

let ipSeq = 0;
/** Each test asks from its own address, so the per-address limit counts only its own requests. */
const fromNewAddress = () => new RestClient(withMail.h.app);
const nextIp = () => `10.1.0.${++ipSeq}`;

async function requestReset(identifier: string, ip = nextIp()) {
  return withMail.h.caller(null, { ip }).auth.requestPasswordReset({ identifier });
}

async function resetLinkFor(email: string): Promise<string> {
  await deliverQueuedMail(withMail.h);
  const [mail] = await withMail.smtp.waitFor(
    (m) => m.to === email && m.subject === "Reset your Birdie Challenge password",
  );
  return linkIn(mail, "/reset-password/");
}

describe("asking for a reset", () => {
  test("the same 202 answer for a username, an e-mail and nobody; only a real account gets mail", async () => {
    const { input } = await signUp(withMail.h);
    await dropQueuedMail(withMail.h);
    const client = fromNewAddress();
    const byName = await client.post("/api/password-reset", { identifier: input.username.toUpperCase() });
    const nobody = await client.post("/api/password-reset", { identifier: "nobody-here@example.com" });
    expect(byName.status).toBe(202);
    expect(nobody.status).toBe(202);
    expect(byName.json).toEqual({ message: RESET_REQUESTED });
    expect(nobody.json).toEqual(byName.json);
    const link = await resetLinkFor(input.email);
    // {origin}/reset-password/{token}: 32 random bytes in base32.
    expect(link).toMatch(/^http:\/\/localhost\/reset-password\/[a-z2-7]{52}$/);
    const [mail] = withMail.smtp.to(input.email);
    expect(mail.html).toContain(link);
    expect(withMail.smtp.to("nobody-here@example.com")).toHaveLength(0);
  });

  test("only the token's hash is stored, and it lasts 30 minutes", async () => {
    const { input, user } = await signUp(withMail.h);
    await requestReset(input.email);
    const token = (await resetLinkFor(input.email)).split("/").pop()!;
    const rows = await withMail.h.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0].id).toBe(linkTokenId(token));
    expect(rows[0].id).not.toContain(token);
    const ttl = rows[0].expiresAt.getTime() - rows[0].createdAt.getTime();
    expect(ttl).toBe(30 * 60_000);
  });

  test("an empty identifier is 400; over 10 requests an hour from one address is 429", async () => {
    const client = fromNewAddress();
    const empty = await client.post("/api/password-reset", { identifier: "  " });
    expect(empty.status).toBe(400);
    expect(empty.json).toEqual({ message: "Please enter your username or email" });
    const ip = nextIp();
    for (let i = 0; i < 10; i++) await requestReset(`nobody${i}@example.com`, ip);
    await expect(requestReset("nobody@example.com", ip)).rejects.toThrow(TOO_MANY_RESETS);
  });

  test("per account: past 3 mails an hour the answer is the same and no more mail goes", async () => {
    const { input } = await signUp(withMail.h);
    await dropQueuedMail(withMail.h);
    for (let i = 0; i < 5; i++) expect(await requestReset(input.username)).toEqual({ message: RESET_REQUESTED });
    await deliverQueuedMail(withMail.h);
    await Bun.sleep(200);
    expect(withMail.smtp.to(input.email)).toHaveLength(3);
  });

  test("a disabled account gets no mail", async () => {
    const { input, user } = await signUp(withMail.h);
    await dropQueuedMail(withMail.h);
    await withMail.h.db.update(users).set({ disabled: true }).where(eq(users.id, user.id));
    expect(await requestReset(input.username)).toEqual({ message: RESET_REQUESTED });
    await deliverQueuedMail(withMail.h);
    expect(withMail.smtp.to(input.email)).toHaveLength(0);
  });

  test("without SMTP_URL: 503 saying to ask an admin, and nothing is stored", async () => {
    const off = await createTestHarness({ database: withMail.h.database });
    const { input } = await signUp(off);
    const res = await new RestClient(off.app).post("/api/password-reset", { identifier: input.username });
    expect(res.status).toBe(503);
    expect(res.json).toEqual({ message: MAIL_DISABLED });
  });
});

describe("using the link", () => {
  test("sets the password, ends every session, mails the owner, signs this device in", async () => {
    const { client: phone, input, user } = await signUp(withMail.h);
    const laptop = new RestClient(withMail.h.app);
    expect((await laptop.post("/api/login", input)).status).toBe(200);
    await requestReset(input.email);
    const link = await resetLinkFor(input.email);
    const path = new URL(link).pathname;

    const browser = new RestClient(withMail.h.app);
    const res = await browser.post(`/api/password-reset/${path.split("/").pop()}`, { password: "brand-new-9" });
    expect(res.status).toBe(200);
    expect(res.json.username).toBe(input.username);
    expect((await browser.get("/api/user")).status).toBe(200);
    expect((await phone.get("/api/user")).status).toBe(401);
    expect((await laptop.get("/api/user")).status).toBe(401);
    expect(await withMail.h.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);

    expect((await new RestClient(withMail.h.app).post("/api/login", input)).status).toBe(401);
    const fresh = await new RestClient(withMail.h.app).post("/api/login", {
      username: input.username,
      password: "brand-new-9",
    });
    expect(fresh.status).toBe(200);

    await deliverQueuedMail(withMail.h);
    const [changed] = await withMail.smtp.waitFor(
      (m) => m.to === input.email && m.subject === "Your Birdie Challenge password was changed",
    );
    expect(changed.text).toContain("every device was signed out");

    // Single use.
    const again = await new RestClient(withMail.h.app).post(`/api/password-reset/${path.split("/").pop()}`, {
      password: "another-1",
    });
    expect(again.status).toBe(400);
    expect(again.json).toEqual({ message: INVALID_RESET_LINK });
  });

  test("a new password follows the sign-up rules; the link survives a refused try", async () => {
    const { input } = await signUp(withMail.h);
    await requestReset(input.email);
    const path = new URL(await resetLinkFor(input.email)).pathname;
    const short = await new RestClient(withMail.h.app).post(`/api/password-reset/${path.split("/").pop()}`, {
      password: "12345",
    });
    expect(short.status).toBe(400);
    expect(short.json).toEqual({ message: "Password must be at least 6 characters" });
    expect(
      (
        await new RestClient(withMail.h.app).post(`/api/password-reset/${path.split("/").pop()}`, {
          password: "123456",
        })
      ).status,
    ).toBe(200);
  });

  test("an expired link is 400; a made-up or malformed one too; using one spends the account's others", async () => {
    const { input, user } = await signUp(withMail.h);
    await requestReset(input.email);
    await requestReset(input.email);
    await deliverQueuedMail(withMail.h);
    const mails = await withMail.smtp.waitFor((m) => m.to === input.email && m.subject.startsWith("Reset"), 2);
    const [first, second] = mails.map((m) => new URL(linkIn(m, "/reset-password/")).pathname);

    await withMail.h.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.id, linkTokenId(first.split("/").pop()!)));
    const expired = await new RestClient(withMail.h.app).post(`/api/password-reset/${first.split("/").pop()}`, {
      password: "brand-new-9",
    });
    expect(expired.status).toBe(400);
    expect(expired.json).toEqual({ message: INVALID_RESET_LINK });

    for (const bad of ["a".repeat(52), "not-a-token", "A".repeat(52)]) {
      const res = await new RestClient(withMail.h.app).post(`/api/password-reset/${bad}`, { password: "brand-new-9" });
      expect(res.status).toBe(400);
      expect(res.json).toEqual({ message: INVALID_RESET_LINK });
    }

    await requestReset(input.email);
    await deliverQueuedMail(withMail.h);
    const third = (await withMail.smtp.waitFor((m) => m.to === input.email && m.subject.startsWith("Reset"), 3))[2];
    expect(
      (
        await new RestClient(withMail.h.app).post(`/api/password-reset/${second.split("/").pop()}`, {
          password: "brand-new-9",
        })
      ).status,
    ).toBe(200);
    const thirdPath = new URL(linkIn(third, "/reset-password/")).pathname;
    expect(
      (
        await new RestClient(withMail.h.app).post(`/api/password-reset/${thirdPath.split("/").pop()}`, {
          password: "brand-new-8",
        })
      ).status,
    ).toBe(400);
    const open = await withMail.h.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    expect(open.every((t) => t.usedAt !== null || t.expiresAt < new Date())).toBe(true);
  });

  test("two uses of one link at once: exactly one wins", async () => {
    const { input } = await signUp(withMail.h);
    await requestReset(input.email);
    const path = new URL(await resetLinkFor(input.email)).pathname;
    const results = await Promise.all(
      ["race-pass-1", "race-pass-2"].map((password) =>
        new RestClient(withMail.h.app).post(`/api/password-reset/${path.split("/").pop()}`, { password }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  test("the tRPC twin sets the password too", async () => {
    const { input } = await signUp(withMail.h);
    await requestReset(input.email);
    const token = (await resetLinkFor(input.email)).split("/").pop()!;
    const cookies: string[] = [];
    const me = await withMail.h.caller(null, { cookies }).auth.resetPassword({ token, password: "via-trpc-1" });
    expect(me.username).toBe(input.username);
    expect(cookies.some((c) => c.startsWith("session="))).toBe(true);
  });
});

import { describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { INVALID_EMAIL_LINK } from "../../../shared/schemas/recovery";
import { users } from "../../db/schema/users";
import { createTestHarness, RestClient, signUp } from "../../test/harness/harness";
import { deliverQueuedMail, mailTestHarness } from "../../test/harness/mail";
import { linkIn } from "../../test/harness/smtp-catcher";
import { CANNOT_CONFIRM, confirmationSent, SAME_EMAIL } from "./email-verification";
import { EMAIL_TAKEN, WRONG_CURRENT_PASSWORD } from "./messages";

// E-mail confirmation at sign-up and on a change of address (docs/product/rules.md#password-reset-and-e-mail).
const withMail = mailTestHarness();

async function confirmationLink(email: string, nth = 1): Promise<string> {
  await deliverQueuedMail(withMail.h);
  const mails = await withMail.smtp.waitFor((m) => m.to === email && m.subject === "Confirm your e-mail address", nth);
  return linkIn(mails[nth - 1], "/verify-email/");
}
const tokenOf = (link: string) => link.split("/").pop()!;

describe("sign-up", () => {
  test("mails a confirmation link; the account works at once and is unconfirmed until it is opened", async () => {
    const { client, input, user } = await signUp(withMail.h);
    expect(user.emailVerifiedAt).toBeNull();
    const status = await client.get("/api/users/me/email");
    expect(status.json).toEqual({ email: input.email, verified: false, pendingEmail: null, mailEnabled: true });
    const link = await confirmationLink(input.email);
    expect(link).toMatch(/^http:\/\/localhost\/verify-email\/[a-z2-7]{52}$/);

    // Opened on any device, signed in or not.
    const res = await new RestClient(withMail.h.app).post(`/api/email-verification/${tokenOf(link)}`);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ email: input.email });
    expect((await client.get("/api/users/me/email")).json.verified).toBe(true);
    const again = await new RestClient(withMail.h.app).post(`/api/email-verification/${tokenOf(link)}`);
    expect(again.status).toBe(400);
    expect(again.json).toEqual({ message: INVALID_EMAIL_LINK });
  });

  test("resend: a new link while unconfirmed; 400 once confirmed", async () => {
    const { client, input } = await signUp(withMail.h);
    const res = await client.post("/api/users/me/email/verification");
    expect(res.status).toBe(202);
    expect(res.json).toEqual({ message: confirmationSent(input.email) });
    const second = await confirmationLink(input.email, 2);
    expect((await new RestClient(withMail.h.app).post(`/api/email-verification/${tokenOf(second)}`)).status).toBe(200);
    const after = await client.post("/api/users/me/email/verification");
    expect(after.status).toBe(400);
  });

  test("without SMTP_URL no link is made and resend says the server cannot send e-mail", async () => {
    const off = await createTestHarness({ database: withMail.h.database });
    const { client } = await signUp(off);
    expect((await client.get("/api/users/me/email")).json.mailEnabled).toBe(false);
    const res = await client.post("/api/users/me/email/verification");
    expect(res.status).toBe(503);
    expect(res.json).toEqual({ message: CANNOT_CONFIRM });
  });
});

describe("changing the address", () => {
  test("needs the current password; the new address replaces the old only once its link is opened", async () => {
    const { client, input, user } = await signUp(withMail.h);
    const newEmail = `new_${input.email}`;
    const wrong = await client.put("/api/users/me/email", { currentPassword: "nope-nope", email: newEmail });
    expect(wrong.status).toBe(400);
    expect(wrong.json).toEqual({ message: WRONG_CURRENT_PASSWORD });

    const res = await client.put("/api/users/me/email", { currentPassword: input.password, email: newEmail });
    expect(res.status).toBe(202);
    expect(res.json).toEqual({ message: confirmationSent(newEmail) });
    const [still] = await withMail.h.db.select().from(users).where(eq(users.id, user.id));
    expect(still.email).toBe(input.email);
    expect((await client.get("/api/users/me/email")).json.pendingEmail).toBe(newEmail);

    await deliverQueuedMail(withMail.h);
    const [notice] = await withMail.smtp.waitFor((m) => m.to === input.email && m.subject.includes("is changing"));
    expect(notice.text).toContain(newEmail);
    const link = await confirmationLink(newEmail);
    expect((await new RestClient(withMail.h.app).post(`/api/email-verification/${tokenOf(link)}`)).json).toEqual({
      email: newEmail,
    });
    const status = (await client.get("/api/users/me/email")).json;
    expect(status).toEqual({ email: newEmail, verified: true, pendingEmail: null, mailEnabled: true });
  });

  test("the same address is 400, another account's is 409, a bad one 400", async () => {
    const { client, input } = await signUp(withMail.h);
    const other = await signUp(withMail.h);
    const same = await client.put("/api/users/me/email", { currentPassword: input.password, email: input.email });
    expect(same.json).toEqual({ message: SAME_EMAIL });
    const taken = await client.put("/api/users/me/email", {
      currentPassword: input.password,
      email: other.input.email.toUpperCase(),
    });
    expect(taken.status).toBe(409);
    expect(taken.json).toEqual({ message: EMAIL_TAKEN });
    const bad = await client.put("/api/users/me/email", { currentPassword: input.password, email: "nope" });
    expect(bad.status).toBe(400);
    expect(bad.json).toEqual({ message: "Please enter a valid email address" });
  });

  test("an address taken after the link was sent: opening it is 409 and changes nothing", async () => {
    const { client, input, user } = await signUp(withMail.h);
    const newEmail = `late_${input.email}`;
    await client.put("/api/users/me/email", { currentPassword: input.password, email: newEmail });
    const link = await confirmationLink(newEmail);
    await signUp(withMail.h, { email: newEmail });
    const res = await new RestClient(withMail.h.app).post(`/api/email-verification/${tokenOf(link)}`);
    expect(res.status).toBe(409);
    const [row] = await withMail.h.db.select().from(users).where(eq(users.id, user.id));
    expect(row.email).toBe(input.email);
  });

  test("signed out: 401", async () => {
    const res = await new RestClient(withMail.h.app).put("/api/users/me/email", {
      currentPassword: "x",
      email: "a@b.co",
    });
    expect(res.status).toBe(401);
  });
});

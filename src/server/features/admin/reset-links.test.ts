import { beforeAll, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import { auditLog } from "../../db/schema/admin";
import { type UserRow, users } from "../../db/schema/users";
import { createTestHarness, RestClient, signUp } from "../../test/harness/harness";
import { deliverQueuedMail, mailTestHarness } from "../../test/harness/mail";
import { linkIn } from "../../test/harness/smtp-catcher";
import { ACCOUNT_IS_DISABLED } from "./users";

// Admin -> user: "Send reset link" and a one-time reset link to hand over (docs/product/rules.md#password-reset-and-e-mail).
const withMail = mailTestHarness();
let admin: UserRow;
beforeAll(async () => {
  const { user } = await signUp(withMail.h);
  [admin] = await withMail.h.db.update(users).set({ isAdmin: true }).where(eq(users.id, user.id)).returning();
}, 120_000);

const auditFor = (userId: number, action: string) =>
  withMail.h.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.targetId, userId), eq(auditLog.action, action as never)));

describe("admin reset links", () => {
  test("send reset link: the golfer gets a working link, and it is audited", async () => {
    const { input, user } = await signUp(withMail.h);
    const answer = await withMail.h.caller(admin).admin.users.sendResetLink({ userId: user.id });
    expect(answer.message).toBe(`A password reset link was sent to ${input.email}.`);
    await deliverQueuedMail(withMail.h);
    const [mail] = await withMail.smtp.waitFor((m) => m.to === input.email && m.subject.startsWith("Reset"));
    const token = linkIn(mail, "/reset-password/").split("/").pop();
    const res = await new RestClient(withMail.h.app).post(`/api/password-reset/${token}`, { password: "from-admin-1" });
    expect(res.status).toBe(200);
    expect(await auditFor(user.id, "user.send_reset_link")).toHaveLength(1);
  });

  test("a one-time link to hand over works once, is audited, and needs no mail", async () => {
    const off = await createTestHarness({ database: withMail.h.database });
    const { user } = await signUp(off);
    const { url, expiresAt } = await off.caller(admin).admin.users.createResetLink({ userId: user.id });
    expect(url).toMatch(/\/reset-password\/[a-z2-7]{52}$/);
    expect(new Date(expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(30 * 60_000);
    const token = url.split("/").pop();
    expect((await new RestClient(off.app).post(`/api/password-reset/${token}`, { password: "handed-1" })).status).toBe(
      200,
    );
    expect((await new RestClient(off.app).post(`/api/password-reset/${token}`, { password: "handed-2" })).status).toBe(
      400,
    );
    expect(await auditFor(user.id, "user.create_reset_link")).toHaveLength(1);
    // Without SMTP_URL there is nothing to send with.
    await expect(off.caller(admin).admin.users.sendResetLink({ userId: user.id })).rejects.toThrow(
      /cannot send e-mail/,
    );
  });

  test("only admins; a disabled account is refused", async () => {
    const { user } = await signUp(withMail.h);
    const other = await signUp(withMail.h);
    await expect(withMail.h.caller(other.user).admin.users.createResetLink({ userId: user.id })).rejects.toThrow();
    await withMail.h.db.update(users).set({ disabled: true }).where(eq(users.id, user.id));
    await expect(withMail.h.caller(admin).admin.users.createResetLink({ userId: user.id })).rejects.toThrow(
      ACCOUNT_IS_DISABLED,
    );
    await expect(withMail.h.caller(admin).admin.users.createResetLink({ userId: 999_999 })).rejects.toThrow();
  });
});

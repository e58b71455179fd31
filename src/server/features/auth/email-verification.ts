import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import { type changeEmailSchema, type EmailStatus, INVALID_EMAIL_LINK } from "../../../shared/schemas/recovery";
import { generateLinkToken, linkTokenId } from "../../auth/link-token";
import { verifyPassword } from "../../auth/password";
import { now, type ServiceContext, type SignedInContext } from "../../context";
import type { Db } from "../../db/client";
import { emailVerificationTokens } from "../../db/schema/account-tokens";
import { type UserRow, users } from "../../db/schema/users";
import { AppError, badRequest, conflict, notFound, tooManyRequests, uniqueViolation } from "../../lib/errors";
import { linkOrigin, mailEnabled, mailTemplates, queueMail } from "../mail/public";
import { EMAIL_TAKEN, TOO_MANY_PASSWORD_CHECKS, WRONG_CURRENT_PASSWORD } from "./messages";

// E-mail confirmation (docs/product/rules.md#password-reset-and-e-mail, ADR 0035): sign-up mails a
// link, a banner asks until it is opened (nothing is blocked), and a new address replaces the old
// one only once a link sent to it is opened.

export const EMAIL_TTL_MS = 24 * 60 * 60_000;
export const CANNOT_CONFIRM = "This server cannot send e-mail, so addresses cannot be confirmed. Please ask an admin.";
export const ALREADY_CONFIRMED = "Your email address is already confirmed";
export const SAME_EMAIL = "This is already your email address";
export const TOO_MANY_CONFIRMATIONS = "Too many confirmation emails. Please wait a while and try again.";
export const confirmationSent = (email: string) =>
  `We have sent a confirmation link to ${email}. Please open it within 24 hours.`;

/** Stores a confirmation link for `email` and queues the mail (in `db`'s transaction, if any). */
export async function mailEmailConfirmation(
  db: Db,
  user: Pick<UserRow, "id" | "displayName">,
  email: string,
  origin: string,
  at = new Date(),
): Promise<void> {
  const token = generateLinkToken();
  await db.insert(emailVerificationTokens).values({
    id: linkTokenId(token),
    userId: user.id,
    email,
    expiresAt: new Date(at.getTime() + EMAIL_TTL_MS),
    createdAt: at,
  });
  await queueMail(db, mailTemplates.verifyEmailMail(email, user.displayName, `${origin}/verify-email/${token}`));
}

/** After sign-up: the new account's address gets its confirmation link (when mail is on). */
export async function afterSignUp(ctx: ServiceContext, user: UserRow): Promise<void> {
  if (!mailEnabled(ctx.deps.env)) return;
  await mailEmailConfirmation(ctx.db, user, user.email, linkOrigin(ctx), now(ctx));
}

/** GET /api/users/me/email: the address, whether it is confirmed, and a change waiting for its link. */
export async function emailStatus(ctx: SignedInContext): Promise<EmailStatus> {
  const at = now(ctx);
  const [pending] = await ctx.db
    .select({ email: emailVerificationTokens.email })
    .from(emailVerificationTokens)
    .where(
      and(
        eq(emailVerificationTokens.userId, ctx.user.id),
        isNull(emailVerificationTokens.usedAt),
        gt(emailVerificationTokens.expiresAt, at),
        sql`lower(${emailVerificationTokens.email}) <> lower(${ctx.user.email})`,
      ),
    )
    .orderBy(desc(emailVerificationTokens.createdAt))
    .limit(1);
  return {
    email: ctx.user.email,
    verified: ctx.user.emailVerifiedAt !== null,
    pendingEmail: pending?.email ?? null,
    mailEnabled: mailEnabled(ctx.deps.env),
  };
}

/** POST /api/users/me/email/verification: a new link for the current address. */
export async function resendConfirmation(ctx: SignedInContext): Promise<{ message: string }> {
  if (!mailEnabled(ctx.deps.env)) throw new AppError("UNAVAILABLE", CANNOT_CONFIRM);
  if (ctx.user.emailVerifiedAt) throw badRequest(ALREADY_CONFIRMED);
  await ctx.deps.limits.emailConfirmationPerUser.consume(String(ctx.user.id), TOO_MANY_CONFIRMATIONS);
  await mailEmailConfirmation(ctx.db, ctx.user, ctx.user.email, linkOrigin(ctx), now(ctx));
  return { message: confirmationSent(ctx.user.email) };
}

/**
 * PUT /api/users/me/email: the current password proves the owner (a borrowed, signed-in device is
 * not enough); the new address gets a link and the old one a notice. Nothing changes until the
 * link is opened.
 */
export async function changeEmail(
  ctx: SignedInContext,
  input: z.output<typeof changeEmailSchema>,
): Promise<{ message: string }> {
  if (!mailEnabled(ctx.deps.env)) throw new AppError("UNAVAILABLE", CANNOT_CONFIRM);
  const key = String(ctx.user.id);
  const failures = ctx.deps.limits.passwordChangeFailuresPerUser;
  if (!(await failures.tryConsume(key))) throw tooManyRequests(TOO_MANY_PASSWORD_CHECKS);
  const [row] = await ctx.db.select().from(users).where(eq(users.id, ctx.user.id)).limit(1);
  if (!row) throw notFound("User not found");
  if (!(await verifyPassword(input.currentPassword, row.passwordHash))) throw badRequest(WRONG_CURRENT_PASSWORD);
  await failures.reset(key);
  if (input.email.toLowerCase() === row.email.toLowerCase()) throw badRequest(SAME_EMAIL);
  const [taken] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${input.email})`)
    .limit(1);
  if (taken) throw conflict(EMAIL_TAKEN);
  await ctx.deps.limits.emailConfirmationPerUser.consume(key, TOO_MANY_CONFIRMATIONS);
  const origin = linkOrigin(ctx);
  await ctx.db.transaction(async (tx) => {
    await mailEmailConfirmation(tx, row, input.email, origin, now(ctx));
    await queueMail(tx, mailTemplates.emailChangeRequestedMail(row.email, row.displayName, input.email));
  });
  return { message: confirmationSent(input.email) };
}

/**
 * POST /api/email-verification/{token}: the link's owner need not be signed in (the token is the
 * proof). It confirms the account's address, or replaces the old address with the one it was sent to.
 */
export async function confirmEmail(ctx: ServiceContext, input: { token: string }): Promise<{ email: string }> {
  const at = now(ctx);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [spent] = await tx
        .update(emailVerificationTokens)
        .set({ usedAt: at })
        .where(
          and(
            eq(emailVerificationTokens.id, linkTokenId(input.token)),
            isNull(emailVerificationTokens.usedAt),
            gt(emailVerificationTokens.expiresAt, at),
          ),
        )
        .returning();
      if (!spent) throw badRequest(INVALID_EMAIL_LINK);
      const [row] = await tx
        .update(users)
        .set({ email: spent.email, emailVerifiedAt: at })
        .where(eq(users.id, spent.userId))
        .returning({ email: users.email });
      if (!row) throw badRequest(INVALID_EMAIL_LINK);
      // Older links of the account (to this or another address) end with this one.
      await tx
        .update(emailVerificationTokens)
        .set({ usedAt: at })
        .where(and(eq(emailVerificationTokens.userId, spent.userId), isNull(emailVerificationTokens.usedAt)));
      return { email: row.email };
    });
  } catch (err) {
    // Someone signed up with the new address after the link was sent: the unique index decides.
    if (uniqueViolation(err)) throw conflict(EMAIL_TAKEN);
    throw err;
  }
}

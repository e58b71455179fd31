import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { z } from "zod";
import type { PublicUser } from "../../../shared/schemas/auth";
import {
  INVALID_RESET_LINK,
  type passwordResetRequestSchema,
  type passwordResetWithTokenSchema,
} from "../../../shared/schemas/recovery";
import { generateLinkToken, linkTokenId } from "../../auth/link-token";
import { hashPassword } from "../../auth/password";
import { now, type ServiceContext } from "../../context";
import type { Db } from "../../db/client";
import { passwordResetTokens } from "../../db/schema/account-tokens";
import { sessions, type UserRow, users } from "../../db/schema/users";
import { AppError, badRequest } from "../../lib/errors";
import { linkOrigin, mailEnabled, mailTemplates, queueMail } from "../mail/public";
import { type CookieContext, startSession } from "./service";

// Password reset by e-mail (docs/product/rules.md#password-reset-and-e-mail, ADR 0035).

export const RESET_REQUESTED =
  "If an account matches, we have sent it an e-mail with a link to choose a new password. The link works for 30 minutes.";
export const MAIL_DISABLED = "This server cannot send e-mail. Please ask an admin to reset your password.";
export const TOO_MANY_RESETS = "Too many password reset requests. Please wait a while and try again.";
export const RESET_TTL_MS = 30 * 60_000;

const mailDisabled = () => new AppError("UNAVAILABLE", MAIL_DISABLED);

/**
 * Stores a new reset link for `user` and returns its URL; the token itself is never stored. Used
 * by the request below and by admins (a mailed link, or one to hand over when mail is off).
 */
export async function issuePasswordResetLink(
  db: Db,
  user: Pick<UserRow, "id">,
  origin: string,
  at = new Date(),
): Promise<{ url: string; expiresAt: Date }> {
  const token = generateLinkToken();
  const expiresAt = new Date(at.getTime() + RESET_TTL_MS);
  await db.insert(passwordResetTokens).values({ id: linkTokenId(token), userId: user.id, expiresAt, createdAt: at });
  return { url: `${origin}/reset-password/${token}`, expiresAt };
}

/** Mails `user` a fresh reset link, inside `db`'s transaction when there is one (sent after commit). */
export async function mailPasswordResetLink(db: Db, user: UserRow, origin: string, at = new Date()): Promise<void> {
  const { url } = await issuePasswordResetLink(db, user, origin, at);
  await queueMail(db, mailTemplates.passwordResetMail(user.email, user.displayName, url));
}

/**
 * POST /api/password-reset: the same 202 answer whether or not an account matches, so nobody can
 * learn which names and addresses have accounts. Requests are limited per address (429) and mails
 * per account (past the limit the answer is the same and no further mail goes).
 */
export async function requestPasswordReset(
  ctx: ServiceContext,
  input: z.output<typeof passwordResetRequestSchema>,
): Promise<{ message: string }> {
  if (!mailEnabled(ctx.deps.env)) throw mailDisabled();
  const limits = ctx.deps.limits;
  await limits.passwordResetPerAddress.consume(ctx.meta.ip, TOO_MANY_RESETS);
  const key = input.identifier.toLowerCase();
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = ${key} or lower(${users.email}) = ${key}`)
    .limit(1);
  if (user && !user.disabled && (await limits.passwordResetPerAccount.tryConsume(String(user.id)))) {
    const origin = linkOrigin(ctx);
    await ctx.db.transaction((tx) => mailPasswordResetLink(tx, user, origin, now(ctx)));
  }
  return { message: RESET_REQUESTED };
}

/**
 * POST /api/password-reset/{token}: sets the new password, spends this link and every other one of
 * the account, ends every session (the sessions trigger closes their sockets on every process),
 * mails "your password was changed", and signs this device in with the new password.
 */
export async function resetPassword(
  ctx: CookieContext,
  input: z.output<typeof passwordResetWithTokenSchema>,
): Promise<PublicUser> {
  const at = now(ctx);
  // Hashed before the transaction: argon2 takes a while and needs no lock.
  const passwordHash = await hashPassword(input.password);
  const user = await ctx.db.transaction(async (tx) => {
    const [spent] = await tx
      .update(passwordResetTokens)
      .set({ usedAt: at })
      .where(
        and(
          eq(passwordResetTokens.id, linkTokenId(input.token)),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, at),
        ),
      )
      .returning({ userId: passwordResetTokens.userId });
    if (!spent) throw badRequest(INVALID_RESET_LINK);
    const [row] = await tx.update(users).set({ passwordHash }).where(eq(users.id, spent.userId)).returning();
    if (!row || row.disabled) throw badRequest(INVALID_RESET_LINK);
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: at })
      .where(and(eq(passwordResetTokens.userId, row.id), isNull(passwordResetTokens.usedAt)));
    await tx.delete(sessions).where(eq(sessions.userId, row.id));
    await queueMail(tx, mailTemplates.passwordChangedMail(row.email, row.displayName, linkOrigin(ctx)));
    return row;
  });
  return startSession(ctx, user);
}

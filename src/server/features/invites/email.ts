import type { z } from "zod";
import type { inviteEmailsSchema } from "../../../shared/schemas/invites";
import type { SignedInContext } from "../../context";
import { AppError } from "../../lib/errors";
import { requireMember } from "../challenges/access";
import { linkOrigin, mailEnabled, mailTemplates, queueMail } from "../mail/public";

export const CANNOT_MAIL_INVITES = "This server cannot send e-mail. Share the link or the PIN instead.";
export const TOO_MANY_INVITE_EMAILS = "Too many invitation emails. Please wait a while and try again.";

/**
 * The invite card's "Invite by email" (docs/product/rules.md#invites): a player of the challenge
 * mails its invitation link to up to 10 addresses at a time; 10 such sends an hour per golfer.
 * The mails are queued and sent by the job queue (ADR 0034).
 */
export async function inviteByEmail(
  ctx: SignedInContext,
  input: z.output<typeof inviteEmailsSchema>,
): Promise<{ sent: number; message: string }> {
  // Membership first: a stranger learns nothing about the challenge, whatever the mail set-up.
  const challenge = await requireMember(ctx.db, input.challengeId, ctx.user.id);
  if (!mailEnabled(ctx.deps.env)) throw new AppError("UNAVAILABLE", CANNOT_MAIL_INVITES);
  await ctx.deps.limits.inviteEmailsPerUser.consume(String(ctx.user.id), TOO_MANY_INVITE_EMAILS);
  const emails = [...new Map(input.emails.map((e) => [e.toLowerCase(), e])).values()];
  const link = `${linkOrigin(ctx)}/invite/${challenge.inviteCode}`;
  const inviter = ctx.user.displayName || ctx.user.username;
  await ctx.db.transaction(async (tx) => {
    for (const to of emails) await queueMail(tx, mailTemplates.challengeInviteMail(to, inviter, challenge.name, link));
  });
  const sent = emails.length;
  return { sent, message: `Invitation sent to ${sent} ${sent === 1 ? "address" : "addresses"}.` };
}

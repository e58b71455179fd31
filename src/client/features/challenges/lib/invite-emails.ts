import { INVITE_EMAILS_MAX, inviteEmailsBodySchema } from "../../../../shared/schemas/invites";

// The invite card's "Invite by email" field (docs/product/rules.md#invite-by-e-mail): addresses
// typed or pasted in one field, separated by commas, semicolons, spaces or new lines.

export type InviteEmailsCheck = { ok: true; emails: string[] } | { ok: false; message: string };

export function splitAddresses(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((a) => a.trim())
    .filter(Boolean);
}

/** The addresses to send, or the message to show under the field (the server's own rules, checked first here). */
export function checkInviteEmails(text: string): InviteEmailsCheck {
  const emails = splitAddresses(text);
  const result = inviteEmailsBodySchema.safeParse({ emails });
  if (result.success) return { ok: true, emails: result.data.emails };
  const issue = result.error.issues[0];
  const index = issue?.path[1];
  // Name the address that is wrong: in a list of ten, "which one?" is the next question.
  if (typeof index === "number" && emails[index] !== undefined)
    return { ok: false, message: `${issue?.message}: ${emails[index]}` };
  if (emails.length > INVITE_EMAILS_MAX)
    return { ok: false, message: `At most ${INVITE_EMAILS_MAX} addresses at a time` };
  return { ok: false, message: issue?.message ?? "Please enter at least one email address" };
}

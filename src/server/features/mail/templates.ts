// Every mail is plain text plus the same text as simple HTML (ADR 0034): no images, no tracking,
// no remote styles, so it reads the same in any client and in a terminal mail catcher.

export type Mail = { to: string; subject: string; text: string; html?: string };

const escapeHtml = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");

/** One block of a mail: a paragraph, or a link shown as a button in HTML and as the URL in text. */
type Block = string | { link: string; label: string };

function compose(to: string, subject: string, blocks: Block[], signature = "Birdie Challenge"): Mail {
  const text = `${blocks
    .map((b) => (typeof b === "string" ? b : `${b.label}:\n${b.link}`))
    .join("\n\n")}\n\n-- \n${signature}\n`;
  const body = blocks
    .map((b) =>
      typeof b === "string"
        ? `<p>${escapeHtml(b).replace(/\n/g, "<br>")}</p>`
        : `<p><a href="${escapeHtml(b.link)}" style="display:inline-block;padding:10px 16px;background:#15803d;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(b.label)}</a></p>\n<p style="font-size:13px;color:#555555">${escapeHtml(b.link)}</p>`,
    )
    .join("\n");
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="font-family:system-ui,sans-serif;font-size:16px;line-height:1.5;color:#1f2937;max-width:560px;margin:0 auto;padding:16px">
${body}
<p style="font-size:13px;color:#555555">${escapeHtml(signature)}</p>
</body></html>`;
  return { to, subject, text, html };
}

export const passwordResetMail = (to: string, name: string, link: string): Mail =>
  compose(to, "Reset your Birdie Challenge password", [
    `Hi ${name},`,
    "Someone (hopefully you) asked to reset the password of your Birdie Challenge account. The link works once, for 30 minutes.",
    { link, label: "Choose a new password" },
    "If you did not ask for this, ignore this mail: your password stays as it is.",
  ]);

export const passwordChangedMail = (to: string, name: string, origin: string): Mail =>
  compose(to, "Your Birdie Challenge password was changed", [
    `Hi ${name},`,
    "The password of your Birdie Challenge account was just changed, and every device was signed out.",
    "If this was not you, reset your password now and tell an admin:",
    { link: `${origin}/auth`, label: "Open Birdie Challenge" },
  ]);

export const verifyEmailMail = (to: string, name: string, link: string): Mail =>
  compose(to, "Confirm your e-mail address", [
    `Hi ${name},`,
    "Please confirm that this is your e-mail address for Birdie Challenge. The link works for 24 hours.",
    { link, label: "Confirm my e-mail address" },
    "If you did not sign up or change your address, ignore this mail.",
  ]);

export const emailChangeRequestedMail = (to: string, name: string, newEmail: string): Mail =>
  compose(to, "Your Birdie Challenge e-mail address is changing", [
    `Hi ${name},`,
    `Someone signed in to your account asked to change its e-mail address to ${newEmail}. It changes once the new address is confirmed.`,
    "If this was not you, change your password now and tell an admin.",
  ]);

export const challengeInviteMail = (to: string, inviter: string, challenge: string, link: string): Mail =>
  compose(to, `${inviter} invites you to ${challenge}`, [
    `${inviter} invites you to join the challenge "${challenge}" on Birdie Challenge: birdie all 18 holes before your friends do.`,
    { link, label: "Join the challenge" },
    "If you do not know the sender, ignore this mail.",
  ]);

/** A notification by e-mail (ADR 0033): what happened, a link to it, and where to change the settings. */
export const notificationMail = (to: string, subject: string, body: string, link: string, settingsLink: string): Mail =>
  compose(to, subject, [
    body,
    { link, label: "Open Birdie Challenge" },
    `You get this e-mail because of your notification settings. Change them in Settings: ${settingsLink}`,
  ]);

/** An admin's reply to a support request, mailed to the requester. */
export const supportReplyMail = (to: string, subject: string, message: string): Mail =>
  compose(
    to,
    `Re: ${subject}`.slice(0, 150),
    [message, `In reply to your request "${subject}".`],
    "Birdie Challenge support",
  );

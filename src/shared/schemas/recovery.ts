import { z } from "zod";
import { emailSchema, passwordSchema } from "./auth";

// Password reset and e-mail confirmation (docs/product/rules.md#password-reset-and-e-mail). The
// messages are those of docs/product/texts-and-messages.md#password-reset-and-e-mail.

export const INVALID_RESET_LINK = "This password reset link has expired or was already used. Please ask for a new one.";
export const INVALID_EMAIL_LINK = "This confirmation link has expired or was already used. Please ask for a new one.";

export const passwordResetRequestSchema = z.object({
  identifier: z
    .string({ error: "Please enter your username or email" })
    .trim()
    .min(1, "Please enter your username or email")
    .max(254, "Please enter your username or email"),
});
export type PasswordResetRequestInput = z.input<typeof passwordResetRequestSchema>;

/** A mailed link's token: 32 random bytes, base32 (52 characters). Anything else cannot be one. */
const tokenSchema = (message: string) => z.string({ error: message }).regex(/^[a-z2-7]{52}$/, message);

export const passwordResetTokenParams = z.object({ token: tokenSchema(INVALID_RESET_LINK) });
export const emailTokenParams = z.object({ token: tokenSchema(INVALID_EMAIL_LINK) });

/** The new password follows the sign-up rules. */
export const passwordResetSchema = z.object({ password: passwordSchema });
export const passwordResetWithTokenSchema = passwordResetSchema.extend(passwordResetTokenParams.shape);
export type PasswordResetInput = z.input<typeof passwordResetSchema>;

const CURRENT_PASSWORD_REQUIRED = "Current password is required";

/** Settings -> Change e-mail: the current password proves it is the owner. */
export const changeEmailSchema = z.object({
  currentPassword: z
    .string({ error: CURRENT_PASSWORD_REQUIRED })
    .min(1, CURRENT_PASSWORD_REQUIRED)
    .max(256, "Current password is incorrect"),
  email: emailSchema,
});
export type ChangeEmailInput = z.input<typeof changeEmailSchema>;

/** What the client shows about the account's e-mail address (the banner, Settings). */
export type EmailStatus = { email: string; verified: boolean; pendingEmail: string | null; mailEnabled: boolean };

import { z } from "zod";
import { directionControlsMessage, hasDirectionControls, isInvisible, readableText } from "./text";

// Messages are those of docs/product/texts-and-messages.md#sign-in-and-profile-fields, word for
// word; the form, the tRPC procedure and the REST route all use these schemas, so a message
// changes in one place only.

const usernameSchema = z
  .string({ error: "Username is required" })
  .trim()
  .min(3, "Username must be at least 3 characters")
  .max(30, "Username must be at most 30 characters")
  .regex(/^[A-Za-z0-9_]+$/, "Username can only contain letters, numbers, and underscores");

export const passwordSchema = z
  .string({ error: "Password must be at least 6 characters" })
  .min(6, "Password must be at least 6 characters")
  // argon2 hashes any length, but an unbounded password is a cheap denial-of-service lever.
  .max(256, "Password must be at most 256 characters");

export const emailSchema = z
  .string({ error: "Please enter a valid email address" })
  .trim()
  .max(254, "Please enter a valid email address")
  .email("Please enter a valid email address");

export const displayNameSchema = readableText(
  z.string({ error: "Display name is required" }),
  "Display name",
  "Display name is required",
)
  .min(1, "Display name is required")
  .max(50, "Display name must be at most 50 characters");

/**
 * Optional text: "" and null mean "none" (stored as null), and so does text that shows nothing;
 * left out (undefined) means "unchanged" on updates and "none" on creation. NFC and free of
 * direction controls, like every text other golfers read (./text.ts).
 */
export const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .normalize("NFC")
    .trim()
    .refine((v) => !hasDirectionControls(v), directionControlsMessage(label))
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v && !isInvisible(v) ? v : null));

/** Handicap: a decimal (step 0.1 in the form); "" or null means none, undefined means unchanged. */
const handicapSchema = z
  .union([z.number(), z.string()], { error: "Handicap must be a number" })
  .nullish()
  .transform((v, ctx) => {
    if (v === undefined) return undefined;
    if (v === null || v === "") return null;
    const n = typeof v === "number" ? v : Number(v);
    if (!Number.isFinite(n)) {
      ctx.addIssue({ code: "custom", message: "Handicap must be a number" });
      return z.NEVER;
    }
    if (n < -10 || n > 54) {
      ctx.addIssue({ code: "custom", message: "Handicap must be between -10 and 54" });
      return z.NEVER;
    }
    return Math.round(n * 10) / 10;
  });

export const loginSchema = z.object({
  username: z
    .string({ error: "Username is required" })
    .trim()
    .min(1, "Username is required")
    .max(100, "Username is required"),
  password: passwordSchema,
});
export type LoginInput = z.input<typeof loginSchema>;

export const registerSchema = z.object({
  username: usernameSchema,
  displayName: displayNameSchema,
  email: emailSchema,
  password: passwordSchema,
  homeCourseName: optionalText(100, "Home course name"),
  handicap: handicapSchema,
});
export type RegisterInput = z.input<typeof registerSchema>;

export const updateProfileSchema = z.object({
  displayName: displayNameSchema.optional(),
  homeCourseName: optionalText(100, "Home course name"),
  handicap: handicapSchema,
});
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

const CURRENT_PASSWORD_REQUIRED = "Current password is required";
const SAME_PASSWORD = "New password must be different from your current password";

/** Settings -> Change password. The new one follows the sign-up rules (passwordSchema). */
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: CURRENT_PASSWORD_REQUIRED })
      .min(1, CURRENT_PASSWORD_REQUIRED)
      .max(256, "Current password is incorrect"),
    newPassword: passwordSchema,
  })
  .refine((v) => v.currentPassword !== v.newPassword, { message: SAME_PASSWORD, path: ["newPassword"] });

/** The user as every client sees it (never the password hash). */
export type PublicUser = {
  id: number;
  username: string;
  displayName: string;
  email: string;
  profilePicture: string | null;
  handicap: number | null;
  homeCourseName: string | null;
  isAdmin: boolean;
};

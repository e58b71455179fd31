import { z } from "zod";

export const PASSWORD_REQUIRED_TO_DELETE = "Enter your password to delete your account";

/** DELETE /api/users/me: the golfer's password confirms the deletion. */
export const deleteAccountSchema = z.object({
  password: z
    .string({ error: PASSWORD_REQUIRED_TO_DELETE })
    .min(1, PASSWORD_REQUIRED_TO_DELETE)
    .max(256, "Password is incorrect"),
});

/** GET /api/users/me/export: everything the service holds about the golfer, table by table. */
export type AccountExport = {
  exportedAt: string;
  userId: number;
  /** Rows that name the golfer, by table; secrets (hashes, tokens, keys) are left out. */
  tables: Record<string, Record<string, unknown>[]>;
};

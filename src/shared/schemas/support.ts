import { z } from "zod";

export const SUPPORT_TYPES = ["bug", "feature", "question", "other"] as const;
export type SupportType = (typeof SUPPORT_TYPES)[number];

const MISSING = "Missing information: Please fill out all fields.";

// Support fields (docs/product/texts-and-messages.md#support-fields): subject and message are
// trimmed and required; email required; type defaults to question. The same message is used for
// every missing field, as the form shows one toast.
export const supportRequestSchema = z.object({
  email: z
    .string({ error: MISSING })
    .trim()
    .min(1, MISSING)
    .max(254, "Please enter a valid email address")
    .email("Please enter a valid email address"),
  subject: z.string({ error: MISSING }).trim().min(1, MISSING).max(200, "Subject must be at most 200 characters"),
  message: z.string({ error: MISSING }).trim().min(1, MISSING).max(5000, "Message must be at most 5000 characters"),
  type: z.enum(SUPPORT_TYPES, { error: "Type must be one of bug, feature, question, other" }).default("question"),
});
export type SupportRequestInput = z.input<typeof supportRequestSchema>;

/** GET /api/support: the signed-in golfer's own requests, newest first, with the admins' replies. */
export const MY_SUPPORT_REQUESTS_MAX = 50;
export type MySupportRequest = {
  id: number;
  subject: string;
  message: string;
  type: SupportType;
  status: "open" | "resolved";
  createdAt: string;
  resolvedAt: string | null;
  replies: { id: number; message: string; createdAt: string }[];
};

import { SUPPORT_TYPES, type SupportType, supportRequestSchema } from "../../../../shared/schemas/support";

export const SUPPORT_TYPE_LABELS: Record<SupportType, string> = {
  bug: "Bug report",
  feature: "Feature request",
  question: "Question",
  other: "Other",
};
export const SUPPORT_TYPE_OPTIONS = SUPPORT_TYPES.map((value) => ({ value, label: SUPPORT_TYPE_LABELS[value] }));

export const MISSING_INFORMATION = { title: "Missing information", description: "Please fill out all fields." };
const MISSING_MESSAGE = `${MISSING_INFORMATION.title}: ${MISSING_INFORMATION.description}`;
/** What a blank field says under itself (the toast alone would be the only, passing copy). */
export const FIELD_REQUIRED = "Please fill out this field.";

export type SupportFormValues = { email: string; subject: string; message: string; type: SupportType };

export type SupportFormCheck =
  | { ok: true; input: { email: string; subject: string; message: string; type: SupportType } }
  | { ok: false; missing: boolean; fieldErrors: Record<string, string> };

/**
 * docs/product/texts-and-messages.md#support-fields through the shared schema: a blank field means the one 'Missing information' toast
 * and "Please fill out this field." under each blank field; anything else (an invalid email, an
 * overlong subject) is shown under its field.
 */
export function checkSupportForm(values: SupportFormValues): SupportFormCheck {
  const parsed = supportRequestSchema.safeParse(values);
  if (parsed.success) return { ok: true, input: parsed.data };
  const missing = parsed.error.issues.some((i) => i.message === MISSING_MESSAGE);
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "");
    if (!(field in fieldErrors))
      fieldErrors[field] = issue.message === MISSING_MESSAGE ? FIELD_REQUIRED : issue.message;
  }
  return { ok: false, missing, fieldErrors };
}

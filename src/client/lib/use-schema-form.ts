import { useState } from "react";
import { flushSync } from "react-dom";
import type { z } from "zod";
import { focusFirstInvalid } from "./focus";
import { type LazySchema, parseWith, usePreloadedSchema } from "./lazy-schema";
import { firstIssueByField } from "./form-errors";
import { dismissToasts } from "./toast";

/**
 * Form state checked by a shared zod schema (the same one the server uses): field values, the
 * first message per field, an onChange per field that clears that field's message, and
 * `validate(form)` that shows the messages, moves focus to the first invalid field of `form`, and
 * resolves to the parsed input or null. The schema loads once the form has mounted (LazySchema).
 */
export function useSchemaForm<S extends z.ZodType, V extends Record<string, string>>(
  schema: LazySchema<S>,
  initial: V,
) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});

  usePreloadedSchema(schema);

  const update = (field: keyof V & string) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: "" }));
  };

  const validate = async (form?: HTMLFormElement | null): Promise<z.output<S> | null> => {
    const parsed = await parseWith(schema, values);
    if (!parsed) return null;
    if (!parsed.success) {
      // An inline error contradicts whatever toast is still up (a success from before).
      dismissToasts();
      flushSync(() => setErrors(firstIssueByField(parsed.error.issues)));
      focusFirstInvalid(form);
      return null;
    }
    setErrors({});
    return parsed.data;
  };

  return { values, setValues, errors, setErrors, update, validate };
}

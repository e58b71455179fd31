import { useState } from "react";
import { flushSync } from "react-dom";
import type { z } from "zod";
import { focusFirstInvalid } from "./focus";
import { firstIssueByField } from "./form-errors";
import { dismissToasts } from "./toast";

/**
 * Form state checked by a shared zod schema (the same one the server uses): field values, the
 * first message per field, an onChange per field that clears that field's message, and
 * `validate(form)` that shows the messages, moves focus to the first invalid field of `form`, and
 * returns the parsed input or null.
 */
export function useSchemaForm<S extends z.ZodType, V extends Record<string, string>>(schema: S, initial: V) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const update = (field: keyof V & string) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: "" }));
  };

  const validate = (form?: HTMLFormElement | null): z.output<S> | null => {
    const parsed = schema.safeParse(values);
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

import { useState } from "react";
import { errorMessage, httpStatusOf } from "./errors";

// A settings form's refusal from the server (docs/product/routes-and-screens.md#profile): a
// refusal about one field is written under that field, anything else (too many tries, the
// server cannot mail) above the button. Typing again clears it: the form no longer says what was
// refused.

export type ServerFormError<F extends string> = { field: F | null; message: string };

/**
 * Which field a refusal is about: a wrong current password (400 naming the password) belongs to
 * `currentPassword`; a 409 (address taken) or another 400 to `otherField` when the form has one.
 */
export function fieldOfRefusal<F extends string>(
  error: unknown,
  message: string,
  fields: { currentPassword?: F; otherField?: F },
): F | null {
  const status = httpStatusOf(error);
  if (status === 400 && /password/i.test(message) && fields.currentPassword) return fields.currentPassword;
  if ((status === 400 || status === 409) && fields.otherField) return fields.otherField;
  return null;
}

export function useServerFormError<F extends string>(fields: { currentPassword?: F; otherField?: F }) {
  const [serverError, setServerError] = useState<ServerFormError<F> | null>(null);

  /** Records a refusal, under its field or for the whole form. */
  function capture(error: unknown, fallback: string) {
    const message = errorMessage(error, fallback);
    setServerError({ field: fieldOfRefusal(error, message, fields), message });
  }

  /** The server's message for `field`, or "" when the refusal is not about it. */
  const fieldError = (field: F) => (serverError?.field === field ? serverError.message : "");
  /** The refusal that is about no one field (written above the button), or null. */
  const formError = serverError && serverError.field === null ? serverError.message : null;

  /** Wraps a field's onChange so typing clears the refusal. */
  const clearing =
    <E>(onChange: (event: E) => void) =>
    (event: E) => {
      if (serverError) setServerError(null);
      onChange(event);
    };

  return { serverError, capture, clear: () => setServerError(null), fieldError, formError, clearing };
}

import { type FormEvent, useState } from "react";
import { changeEmailSchema } from "../lib/form-schemas";
import { TextField } from "../../../components/ui/text-field";
import { useServerFormError } from "../../../lib/server-form-error";
import { useSchemaForm } from "../../../lib/use-schema-form";
import { useChangeEmail, useEmailStatus, useMailEnabled } from "../hooks/use-recovery";
import { FormFailure } from "../../../components/ui/form-failure";

const EMPTY = { email: "", currentPassword: "" };

/**
 * Settings -> Email. The current password proves the owner; the new address replaces the old one
 * only once the link mailed to it is opened (docs/product/rules.md#password-reset-and-e-mail).
 */
export function ChangeEmailForm() {
  const { mailEnabled } = useMailEnabled();
  const status = useEmailStatus(true);
  const { values, setValues, errors, update, validate } = useSchemaForm(changeEmailSchema, EMPTY);
  const [sent, setSent] = useState<string | null>(null);
  const refusal = useServerFormError<keyof typeof EMPTY>({ currentPassword: "currentPassword", otherField: "email" });
  const change = useChangeEmail();
  const onChange = (field: keyof typeof EMPTY) => refusal.clearing(update(field));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (change.isPending) return;
    setSent(null);
    refusal.clear();
    const input = await validate();
    if (!input) return;
    try {
      const answer = await change.mutateAsync(input);
      setValues(EMPTY);
      setSent(answer.message);
    } catch (error) {
      // A wrong password under the password, an address taken (or already yours) under the address.
      refusal.capture(error, "Your email could not be changed. Please try again.");
    }
  }

  const data = status.data;
  return (
    <div className="grid min-w-0 gap-3 sm:max-w-md">
      {data && (
        <p className="text-sm">
          Your email is <strong className="break-all">{data.email}</strong> (
          {data.verified ? "confirmed" : "not confirmed yet"}).
          {data.pendingEmail && ` Waiting for you to open the link sent to ${data.pendingEmail}.`}
        </p>
      )}
      {!mailEnabled ? (
        <p className="text-sm text-base-content/70">
          This server cannot send e-mail, so addresses cannot be confirmed. Please ask an admin.
        </p>
      ) : (
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4" aria-label="Change email">
          <TextField
            label="New email"
            name="email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={onChange("email")}
            error={errors.email || refusal.fieldError("email") || undefined}
            hint="We send a link to the new address; it replaces the old one once you open it."
          />
          <TextField
            label="Current password"
            name="emailCurrentPassword"
            type="password"
            autoComplete="current-password"
            value={values.currentPassword}
            onChange={onChange("currentPassword")}
            error={errors.currentPassword || refusal.fieldError("currentPassword") || undefined}
          />
          {sent && (
            <p role="status" className="text-sm text-success">
              {sent}
            </p>
          )}
          <FormFailure message={refusal.formError} />
          <div>
            <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={change.isPending}>
              {change.isPending ? "Sending..." : "Change Email"}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

import { type FormEvent, useState } from "react";
import { changeEmailSchema } from "../../../../shared/schemas/recovery";
import { TextField } from "../../../components/ui/text-field";
import { errorMessage } from "../../../lib/errors";
import { useSchemaForm } from "../../../lib/use-schema-form";
import { useChangeEmail, useEmailStatus, useMailEnabled } from "../hooks/use-recovery";

const EMPTY = { email: "", currentPassword: "" };

/**
 * Settings -> Email. The current password proves the owner; the new address replaces the old one
 * only once the link mailed to it is opened (docs/product/rules.md#password-reset-and-e-mail).
 */
export function ChangeEmailForm() {
  const { mailEnabled } = useMailEnabled();
  const status = useEmailStatus(true);
  const { values, setValues, errors, update, validate } = useSchemaForm(changeEmailSchema, EMPTY);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const change = useChangeEmail();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (change.isPending) return;
    setResult(null);
    const input = validate();
    if (!input) return;
    try {
      const answer = await change.mutateAsync(input);
      setValues(EMPTY);
      setResult({ ok: true, message: answer.message });
    } catch (error) {
      setResult({ ok: false, message: errorMessage(error, "Your email could not be changed. Please try again.") });
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
            onChange={update("email")}
            error={errors.email || undefined}
            hint="We send a link to the new address; it replaces the old one once you open it."
          />
          <TextField
            label="Current password"
            name="emailCurrentPassword"
            type="password"
            autoComplete="current-password"
            value={values.currentPassword}
            onChange={update("currentPassword")}
            error={errors.currentPassword || undefined}
          />
          {result && (
            <p role={result.ok ? "status" : "alert"} className={`text-sm ${result.ok ? "text-success" : "text-error"}`}>
              {result.message}
            </p>
          )}
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

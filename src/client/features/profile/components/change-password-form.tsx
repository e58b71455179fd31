import type { FormEvent } from "react";
import { changePasswordSchema } from "../lib/form-schemas";
import { TextField } from "../../../components/ui/text-field";
import { useServerFormError } from "../../../lib/server-form-error";
import { toast } from "../../../lib/toast";
import { useSchemaForm } from "../../../lib/use-schema-form";
import { useChangePassword } from "../hooks/use-profile";
import { FormFailure } from "../../../components/ui/form-failure";

const EMPTY = { currentPassword: "", newPassword: "" };

/**
 * Settings -> Password. The rules are the sign-up rules (one shared schema); the server checks the
 * current password and signs the account out everywhere else.
 */
export function ChangePasswordForm() {
  const { values, setValues, errors, update, validate } = useSchemaForm(changePasswordSchema, EMPTY);
  const refusal = useServerFormError<keyof typeof EMPTY>({ currentPassword: "currentPassword" });
  const change = useChangePassword();
  const onChange = (field: keyof typeof EMPTY) => refusal.clearing(update(field));

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (change.isPending) return;
    refusal.clear();
    const input = await validate();
    if (!input) return;
    try {
      const result = await change.mutateAsync(input);
      setValues(EMPTY);
      toast({
        title: "Password changed",
        description: result.endedSessions
          ? "You were signed out on your other devices."
          : "Use your new password next time you sign in.",
      });
    } catch (error) {
      // A wrong current password belongs under that field; anything else (e.g. too many tries) above the button.
      refusal.capture(error, "Your password could not be changed. Please try again.");
    }
  }

  const currentError = errors.currentPassword || refusal.fieldError("currentPassword");

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4 sm:max-w-md" aria-label="Change password">
      <TextField
        label="Current password"
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        value={values.currentPassword}
        onChange={onChange("currentPassword")}
        error={currentError || undefined}
      />
      <TextField
        label="New password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        value={values.newPassword}
        onChange={onChange("newPassword")}
        error={errors.newPassword || undefined}
        hint="At least 6 characters. Your other devices will be signed out."
      />
      <FormFailure message={refusal.formError} />
      <div>
        <button type="submit" className="btn btn-primary w-full sm:w-auto" disabled={change.isPending}>
          {change.isPending ? "Changing..." : "Change Password"}
        </button>
      </div>
    </form>
  );
}

import { type FormEvent, useId, useState } from "react";
import { flushSync } from "react-dom";
import { registerSchema } from "../lib/form-schemas";
import { TextField } from "../../../components/ui/text-field";
import { focusElement, focusFirstInvalid } from "../../../lib/focus";
import { useSchemaForm } from "../../../lib/use-schema-form";
import { useAuth } from "../hooks/use-auth";
import { registerFailureField } from "../lib/register-failure";

const EMPTY = { username: "", displayName: "", email: "", password: "", homeCourseName: "", handicap: "" };

export function RegisterForm() {
  const { register, isRegistering } = useAuth();
  const { values, errors, setErrors, update, validate } = useSchemaForm(registerSchema, EMPTY);
  // A refusal about no one field (too many attempts) is written above the button.
  const [failure, setFailure] = useState<string | null>(null);
  const failureId = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isRegistering) return;
    const form = event.currentTarget;
    setFailure(null);
    const input = await validate(form);
    if (!input) return;
    const outcome = await register(input);
    if (outcome.error === undefined) return;
    const field = registerFailureField(outcome.error);
    if (field) {
      flushSync(() => setErrors({ [field]: outcome.error }));
      focusFirstInvalid(form);
    } else {
      flushSync(() => setFailure(outcome.error));
      focusElement(document.getElementById(failureId));
    }
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Create account">
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={values.username}
        onChange={update("username")}
        error={errors.username}
        hint="Letters, numbers and underscores"
      />
      <TextField
        label="Display name"
        name="displayName"
        autoComplete="name"
        value={values.displayName}
        onChange={update("displayName")}
        error={errors.displayName}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        inputMode="email"
        value={values.email}
        onChange={update("email")}
        error={errors.email}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        value={values.password}
        onChange={update("password")}
        error={errors.password}
        hint="At least 6 characters"
      />
      {/* Side by side (2:1) when both fit, one under the other otherwise (large text). */}
      <div className="flex flex-wrap gap-4">
        <TextField
          className="min-w-0 flex-[2_1_14rem]"
          label="Home course"
          optional
          name="homeCourseName"
          value={values.homeCourseName}
          onChange={update("homeCourseName")}
          error={errors.homeCourseName}
        />
        <TextField
          className="min-w-0 flex-[1_1_9rem]"
          label="Handicap"
          optional
          name="handicap"
          type="number"
          inputMode="decimal"
          step="0.1"
          value={values.handicap}
          onChange={update("handicap")}
          error={errors.handicap}
        />
      </div>
      {failure && (
        <p id={failureId} role="alert" tabIndex={-1} className="text-sm text-error outline-none">
          {failure}
        </p>
      )}
      <button
        type="submit"
        className={`btn btn-primary mt-2 w-full ${isRegistering ? "btn-disabled" : ""}`}
        aria-disabled={isRegistering || undefined}
      >
        {isRegistering && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {isRegistering ? "Creating account..." : "Create account"}
      </button>
    </form>
  );
}

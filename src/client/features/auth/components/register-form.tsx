import type { FormEvent } from "react";
import { registerSchema } from "../../../../shared/schemas/auth";
import { TextField } from "../../../components/ui/text-field";
import { useSchemaForm } from "../../../lib/use-schema-form";
import { useAuth } from "../hooks/use-auth";

const EMPTY = { username: "", displayName: "", email: "", password: "", homeCourseName: "", handicap: "" };

export function RegisterForm() {
  const { register, isRegistering } = useAuth();
  const { values, errors, update, validate } = useSchemaForm(registerSchema, EMPTY);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isRegistering) return;
    const input = validate();
    if (!input) return;
    await register(input);
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
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-[2fr_1fr]">
        <TextField
          label="Home course"
          optional
          name="homeCourseName"
          value={values.homeCourseName}
          onChange={update("homeCourseName")}
          error={errors.homeCourseName}
        />
        <TextField
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
      <button type="submit" className="btn btn-primary mt-2 w-full" disabled={isRegistering}>
        {isRegistering && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {isRegistering ? "Creating account..." : "Create account"}
      </button>
    </form>
  );
}

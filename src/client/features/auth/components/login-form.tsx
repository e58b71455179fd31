import type { FormEvent } from "react";
import { loginSchema } from "../../../../shared/schemas/auth";
import { TextField } from "../../../components/ui/text-field";
import { useSchemaForm } from "../../../lib/use-schema-form";
import { useAuth } from "../hooks/use-auth";

type LoginFormProps = { onForgot: () => void };

export function LoginForm({ onForgot }: LoginFormProps) {
  const { login, isLoggingIn } = useAuth();
  const { values, errors, update, validate } = useSchemaForm(loginSchema, { username: "", password: "" });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoggingIn) return;
    const input = validate();
    if (!input) return;
    await login(input);
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Log in">
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={values.username}
        onChange={update("username")}
        error={errors.username}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={values.password}
        onChange={update("password")}
        error={errors.password}
      />
      <button type="submit" className="btn btn-primary mt-2 w-full" disabled={isLoggingIn}>
        {isLoggingIn && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {isLoggingIn ? "Logging in..." : "Log in"}
      </button>
      <button type="button" className="link link-primary self-center text-sm" onClick={onForgot}>
        Forgot username or password?
      </button>
    </form>
  );
}

import { type FormEvent, useId, useState } from "react";
import { flushSync } from "react-dom";
import { loginSchema } from "../lib/form-schemas";
import { TextField } from "../../../components/ui/text-field";
import { focusFirstInvalid } from "../../../lib/focus";
import { useSchemaForm } from "../../../lib/use-schema-form";
import { useAuth } from "../hooks/use-auth";

type LoginFormProps = { onForgot: () => void };

export function LoginForm({ onForgot }: LoginFormProps) {
  const { login, isLoggingIn } = useAuth();
  const { values, errors, update, validate } = useSchemaForm(loginSchema, { username: "", password: "" });
  // A refused sign-in is about the pair (the server does not say which one is wrong): the message
  // is written above the button and both fields point at it.
  const [failure, setFailure] = useState<string | null>(null);
  const failureId = useId();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoggingIn) return;
    const form = event.currentTarget;
    setFailure(null);
    const input = await validate(form);
    if (!input) return;
    const outcome = await login(input);
    if (outcome.error !== undefined) {
      flushSync(() => setFailure(outcome.error));
      focusFirstInvalid(form);
    }
  }

  const edit = (field: "username" | "password") => (event: { target: { value: string } }) => {
    setFailure(null);
    update(field)(event);
  };

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Log in">
      <TextField
        label="Username"
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={values.username}
        onChange={edit("username")}
        error={errors.username}
        invalid={failure !== null}
        describedBy={failure ? failureId : undefined}
      />
      <TextField
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        value={values.password}
        onChange={edit("password")}
        error={errors.password}
        invalid={failure !== null}
        describedBy={failure ? failureId : undefined}
      />
      {failure && (
        <p id={failureId} role="alert" className="text-sm text-error">
          {failure}
        </p>
      )}
      {/* Busy is aria-disabled only: disabling the pressed button would drop focus to <body>. */}
      <button
        type="submit"
        className={`btn btn-primary mt-2 w-full ${isLoggingIn ? "btn-disabled" : ""}`}
        aria-disabled={isLoggingIn || undefined}
      >
        {isLoggingIn && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
        {isLoggingIn ? "Logging in..." : "Log in"}
      </button>
      <button type="button" className="link link-primary min-h-11 self-center text-sm" onClick={onForgot}>
        Forgot username or password?
      </button>
    </form>
  );
}

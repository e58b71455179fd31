import { type FormEvent, useState } from "react";
import { loginSchema } from "../../../../shared/schemas/auth";
import { TextField } from "../../../components/ui/text-field";
import { firstIssueByField } from "../../../lib/form-errors";
import { useAuth } from "../hooks/use-auth";

type LoginFormProps = { onForgot: () => void };

export function LoginForm({ onForgot }: LoginFormProps) {
  const { login, isLoggingIn } = useAuth();
  const [values, setValues] = useState({ username: "", password: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const update = (field: keyof typeof values) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: "" }));
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isLoggingIn) return;
    const parsed = loginSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(firstIssueByField(parsed.error.issues));
      return;
    }
    setErrors({});
    await login(parsed.data);
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

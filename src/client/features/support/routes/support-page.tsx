import { type FormEvent, useId, useState } from "react";
import { flushSync } from "react-dom";
import { InfoIcon, MailIcon } from "../../../components/ui/icons";
import { TextField } from "../../../components/ui/text-field";
import { errorMessage } from "../../../lib/errors";
import { focusElement, focusFirstInvalid } from "../../../lib/focus";
import { toast } from "../../../lib/toast";
import { useCurrentUser } from "../../../hooks/use-current-user";
import { useCreateSupportRequest } from "../hooks/use-support";
import { YourRequests } from "../components/your-requests";
import {
  checkSupportForm,
  MISSING_INFORMATION,
  SUPPORT_TYPE_OPTIONS,
  type SupportFormValues,
} from "../lib/support-form";
import { usePageTitle } from "../../../hooks/use-page-title";

const TIPS = [
  "What you were trying to do",
  "What happened instead",
  "The challenge name, if it is about one",
  "Your device and browser",
];

export function SupportPage() {
  usePageTitle("Support");
  const { user } = useCurrentUser();
  const [values, setValues] = useState<SupportFormValues>(() => ({
    email: user?.email ?? "",
    subject: "",
    message: "",
    type: "question",
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const send = useCreateSupportRequest();
  const typeId = useId();
  const messageId = useId();
  const messageErrorId = useId();
  const failureId = useId();

  const set = (field: keyof SupportFormValues) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: "" }));
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (send.isPending) return;
    const form = event.currentTarget;
    setFailure(null);
    const check = checkSupportForm(values);
    if (!check.ok) {
      flushSync(() => setErrors(check.fieldErrors));
      focusFirstInvalid(form);
      if (check.missing) toast({ ...MISSING_INFORMATION, variant: "destructive" });
      return;
    }
    try {
      await send.mutateAsync(check.input);
      toast({ title: "Support request sent", description: `Thanks! We'll reply to ${check.input.email}.` });
      setValues((v) => ({ ...v, subject: "", message: "", type: "question" }));
    } catch (error) {
      const message = errorMessage(error, "Please try again later.");
      flushSync(() => setFailure(message));
      focusElement(document.getElementById(failureId));
      toast({ title: "Failed to send support request", description: message, variant: "destructive" });
    }
  }

  return (
    <section className="space-y-6">
      <header>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Support</h1>
        <p className="mt-1 text-base-content/70">
          Questions, bugs or ideas? Send us a message and we'll get back to you.
        </p>
      </header>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <form noValidate onSubmit={(e) => void onSubmit(e)} className="card min-w-0 border border-base-300 bg-base-100">
          <div className="card-body gap-4">
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField
                label="Email"
                type="email"
                autoComplete="email"
                value={values.email}
                onChange={set("email")}
                error={errors.email || undefined}
              />
              <div className="flex flex-col gap-1.5">
                <label htmlFor={typeId} className="text-sm font-medium">
                  Request type
                </label>
                <select id={typeId} className="select w-full" value={values.type} onChange={set("type")}>
                  {SUPPORT_TYPE_OPTIONS.map((o) => (
                    <option key={o.value} value={o.value}>
                      {o.label}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            <TextField
              label="Subject"
              maxLength={200}
              value={values.subject}
              onChange={set("subject")}
              error={errors.subject || undefined}
            />
            <div className="flex flex-col gap-1.5">
              <label htmlFor={messageId} className="text-sm font-medium">
                Message
              </label>
              <textarea
                id={messageId}
                className={`textarea min-h-40 w-full ${errors.message ? "textarea-error" : ""}`}
                maxLength={5000}
                value={values.message}
                onChange={set("message")}
                aria-invalid={errors.message ? true : undefined}
                aria-describedby={errors.message ? messageErrorId : undefined}
              />
              {errors.message && (
                <p id={messageErrorId} className="text-sm text-error">
                  {errors.message}
                </p>
              )}
            </div>
            {failure && (
              <p id={failureId} role="alert" tabIndex={-1} className="text-sm text-error outline-none">
                Failed to send support request: {failure}
              </p>
            )}
            <div>
              <button
                type="submit"
                className={`btn btn-primary w-full sm:w-auto ${send.isPending ? "btn-disabled" : ""}`}
                aria-disabled={send.isPending || undefined}
              >
                <MailIcon />
                {send.isPending ? "Sending..." : "Send request"}
              </button>
            </div>
          </div>
        </form>
        <aside className="card self-start border border-base-300 bg-base-100">
          <div className="card-body gap-3">
            <h2 className="flex items-center gap-2 font-semibold">
              <InfoIcon className="text-primary" />
              Helpful details
            </h2>
            <ul className="list-disc space-y-1 pl-5 text-sm text-base-content/70">
              {TIPS.map((tip) => (
                <li key={tip}>{tip}</li>
              ))}
            </ul>
          </div>
        </aside>
      </div>
      <YourRequests />
    </section>
  );
}

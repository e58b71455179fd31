import { type FormEvent, useId, useState } from "react";
import { flushSync } from "react-dom";
import { updateProfileSchema } from "../lib/form-schemas";
import { parseWith, usePreloadedSchema } from "../../../lib/lazy-schema";
import { TextField } from "../../../components/ui/text-field";
import { focusElement, focusFirstInvalid } from "../../../lib/focus";
import { firstIssueByField } from "../../../lib/form-errors";
import { dismissToasts, toast } from "../../../lib/toast";
import type { SessionUser } from "../../../lib/session";
import { useUpdateProfile } from "../hooks/use-profile";
import { PROFILE_UPDATE_FAILED } from "../lib/picture-file";
import { type ProfileFormValues, profileFormValues, profileUpdate } from "../lib/profile-form";

/**
 * Display name, home course and handicap; the email is shown but cannot be changed here
 * (docs/product/rules.md#profile).
 */
export function ProfileForm({ user }: { user: SessionUser }) {
  const [values, setValues] = useState<ProfileFormValues>(() => profileFormValues(user));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const failureId = useId();
  const update = useUpdateProfile();
  usePreloadedSchema(updateProfileSchema);

  const set = (field: keyof ProfileFormValues) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    setErrors((e) => ({ ...e, [field]: "" }));
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (update.isPending) return;
    const form = event.currentTarget;
    setFailure(null);
    const input = profileUpdate(values, user);
    const parsed = await parseWith(updateProfileSchema, input);
    if (!parsed) return;
    if (!parsed.success) {
      // The inline error replaces an earlier "Profile updated" (docs/product/routes-and-screens.md#toasts).
      dismissToasts();
      flushSync(() => setErrors(firstIssueByField(parsed.error.issues)));
      focusFirstInvalid(form);
      return;
    }
    try {
      await update.mutateAsync(input);
      toast({ title: "Profile updated", description: "Your profile has been saved." });
    } catch {
      flushSync(() => setFailure(`${PROFILE_UPDATE_FAILED.title}: ${PROFILE_UPDATE_FAILED.description}`));
      focusElement(document.getElementById(failureId));
      toast({ ...PROFILE_UPDATE_FAILED, variant: "destructive" });
    }
  }

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-4 sm:grid-cols-2">
      <TextField
        label="Display name"
        className="sm:col-span-2"
        autoComplete="name"
        maxLength={50}
        value={values.displayName}
        onChange={set("displayName")}
        error={errors.displayName || undefined}
      />
      <TextField
        label="Home course"
        optional
        autoComplete="off"
        maxLength={100}
        placeholder="e.g. Pebble Beach Golf Links"
        value={values.homeCourseName}
        onChange={set("homeCourseName")}
        error={errors.homeCourseName || undefined}
      />
      <TextField
        label="Handicap"
        optional
        type="number"
        inputMode="decimal"
        step={0.1}
        min={-10}
        max={54}
        placeholder="e.g. 12.4"
        value={values.handicap}
        onChange={set("handicap")}
        error={errors.handicap || undefined}
      />
      <TextField
        label="Email"
        className="sm:col-span-2"
        type="email"
        value={user.email}
        readOnly
        hint="Your email address cannot be changed here."
      />
      {failure && (
        <p id={failureId} role="alert" tabIndex={-1} className="text-sm text-error outline-none sm:col-span-2">
          {failure}
        </p>
      )}
      <div className="sm:col-span-2">
        <button
          type="submit"
          className={`btn btn-primary w-full sm:w-auto ${update.isPending ? "btn-disabled" : ""}`}
          aria-disabled={update.isPending || undefined}
        >
          {update.isPending ? "Saving..." : "Save Changes"}
        </button>
      </div>
    </form>
  );
}

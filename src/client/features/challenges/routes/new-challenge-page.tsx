import { type FormEvent, useMemo, useState, useId } from "react";
import { flushSync } from "react-dom";
import { Link, useNavigate } from "../../../lib/router";
import { DEFAULT_CHALLENGE_DAYS } from "../../../../shared/domain/challenge-timing";
import { isUnauthorized, errorMessage } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { ChallengeFormFields } from "../components/challenge-form-fields";
import { PageHeader } from "../components/page-header";
import { FormFailure } from "../../../components/ui/form-failure";
import { focusElement } from "../../../lib/focus";
import { useCreateChallenge } from "../hooks/use-challenges";
import { useCourseResolver } from "../hooks/use-course-resolver";
import {
  type ChallengeFormValues,
  createFormDefaults,
  type FieldErrors,
  validateCreateForm,
} from "../lib/challenge-form";
import { addDaysToValue, localDay } from "../../../lib/date-input";
import { usePageTitle } from "../../../hooks/use-page-title";

const ERROR_TITLE = "Error Creating Challenge";

export function NewChallengePage() {
  usePageTitle("Create Challenge");
  const navigate = useNavigate();
  const [values, setValues] = useState<ChallengeFormValues>(() => createFormDefaults());
  const [errors, setErrors] = useState<FieldErrors>({});
  // Until the golfer picks an end date, it follows the start (30 days later,
  // docs/product/routes-and-screens.md#create-challenge).
  const [endTouched, setEndTouched] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const failureId = useId();
  // The refusal stays written above the buttons and takes focus; the product's toast says it too.
  const refuse = (description: string) => {
    flushSync(() => setFailure(description));
    focusElement(document.getElementById(failureId));
    toast({ title: ERROR_TITLE, description, variant: "destructive" });
  };
  const today = useMemo(() => localDay(new Date()), []);
  const create = useCreateChallenge();
  const { resolveCourse } = useCourseResolver();

  function onChange<K extends keyof ChallengeFormValues>(field: K, value: ChallengeFormValues[K]) {
    setValues((v) => {
      const next = { ...v, [field]: value };
      if (field === "startDate" && !endTouched)
        next.endDate = addDaysToValue(value as string, DEFAULT_CHALLENGE_DAYS) || v.endDate;
      return next;
    });
    if (field === "endDate") setEndTouched(true);
    setErrors((e) => {
      if (!e[field] && !(field === "startDate" && e.endDate) && !(field === "courseMode" && e.courseName)) return e;
      const next = { ...e, [field]: "" };
      if (field === "startDate") next.endDate = "";
      if (field === "courseMode") next.courseName = "";
      return next;
    });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const result = validateCreateForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      // Bring the first message into view (on a phone it may be far above the button).
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setErrors({});
    setFailure(null);
    setSubmitting(true);
    try {
      const { courseNames, ...challenge } = result.data;
      const courseIds: number[] = [];
      try {
        // One after another: two new names must not race for the same course row.
        for (const name of courseNames) courseIds.push((await resolveCourse(name)).id);
      } catch (error) {
        refuse(
          isUnauthorized(error)
            ? "You must be logged in to create a challenge."
            : "Could not create or find a course with that name.",
        );
        return;
      }
      const created = await create.mutateAsync({
        ...challenge,
        startDate: challenge.startDate.toISOString(),
        endDate: challenge.endDate.toISOString(),
        courseIds,
      });
      toast({ title: "Challenge Created!", description: `${challenge.name} is ready. Invite your friends to join.` });
      // Straight to the new challenge with its share card up front (docs/product/routes-and-screens.md#create-challenge).
      await navigate(`/challenges/${created.id}`, { state: { created: true } });
    } catch (error) {
      refuse(
        isUnauthorized(error)
          ? "You must be logged in to create a challenge."
          : errorMessage(error, "Something went wrong. Please try again."),
      );
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <PageHeader
        backTo="/challenges"
        title="Create Challenge"
        subtitle="Set up a birdie challenge and invite your friends to play along."
      />
      <form
        noValidate
        onSubmit={onSubmit}
        aria-label="Create challenge"
        className="card border border-base-300 bg-base-100 shadow-sm"
      >
        <div className="card-body gap-6 p-5 sm:p-8">
          <ChallengeFormFields variant="create" values={values} errors={errors} onChange={onChange} minDate={today} />
          <FormFailure id={failureId} message={failure} title={ERROR_TITLE} />
          <div className="flex flex-col-reverse gap-2 border-t border-base-300 pt-5 sm:flex-row sm:justify-end">
            <Link to="/challenges" className="btn btn-ghost">
              Cancel
            </Link>
            <button
              type="submit"
              className={`btn btn-primary ${submitting ? "btn-disabled" : ""}`}
              aria-disabled={submitting || undefined}
            >
              {submitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              {submitting ? "Creating..." : "Create Challenge"}
            </button>
          </div>
        </div>
      </form>
    </div>
  );
}

import { type FormEvent, useState, useId } from "react";
import { flushSync } from "react-dom";
import { Link, Navigate, useNavigate, useParams } from "../../../lib/router";
import { usePageTitle } from "../../../hooks/use-page-title";
import { EARLIEST_DATE } from "../../../../shared/schemas/challenges";
import type { ChallengeListItem } from "../../../../shared/schemas/challenges";
import { AlertIcon } from "../../../components/ui/icons";
import { PageSpinner } from "../../../components/ui/page-spinner";
import { isNotFound } from "../../../lib/error-codes";
import { errorMessage, isUnauthorized } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { ChallengeFormFields } from "../components/challenge-form-fields";
import { ChallengeNotFound } from "../components/challenge-not-found";
import { PageHeader } from "../components/page-header";
import { FormFailure } from "../../../components/ui/form-failure";
import { focusElement } from "../../../lib/focus";
import { parseChallengeId, useChallenge, useUpdateChallenge } from "../hooks/use-challenges";
import { useCourseResolver } from "../hooks/use-course-resolver";
import { type ChallengeFormValues, editFormValues, type FieldErrors, validateEditForm } from "../lib/challenge-form";
import { localDay } from "../../../lib/date-input";

const ERROR_TITLE = "Error Updating Challenge";
// Edit (docs/product/routes-and-screens.md#edit-challenge): the pickers refuse days before
// 1900-01-01 (past days stay allowed: the challenge may already be running).
const EARLIEST_DAY = localDay(new Date(EARLIEST_DATE.getUTCFullYear(), 0, 1));

export function EditChallengePage() {
  const { id: rawId } = useParams();
  const id = parseChallengeId(rawId);
  // No polling while editing: a refetch must not look like someone else's change.
  const challenge = useChallenge(id, { poll: false });
  const notFound = id === null || (challenge.isError && isNotFound(challenge.error));
  usePageTitle(notFound ? "Challenge Not Found" : "Edit Challenge", challenge.data?.name);

  if (id === null) return <ChallengeNotFound />;
  if (challenge.isPending) return <PageSpinner label="Loading challenge..." />;
  if (challenge.isError) {
    if (isNotFound(challenge.error)) return <ChallengeNotFound />;
    return (
      <div className="mx-auto flex max-w-3xl flex-col gap-6">
        <PageHeader backTo={`/challenges/${id}`} title="Edit Challenge" />
        <div role="alert" className="alert alert-error">
          <AlertIcon className="text-lg" />
          <div>
            <p className="font-semibold">Could not load the challenge</p>
            <p className="text-sm">{errorMessage(challenge.error, "Something went wrong. Please try again.")}</p>
          </div>
          <button type="button" className="btn btn-sm" onClick={() => void challenge.refetch()}>
            Try again
          </button>
        </div>
      </div>
    );
  }
  // Only the creator edits (docs/product/rules.md#roles-and-permissions); anyone else goes back to
  // the challenge.
  if (!challenge.data.isCreator) return <Navigate to={`/challenges/${id}`} replace />;
  return <EditChallengeForm key={challenge.data.id} challenge={challenge.data} />;
}

function EditChallengeForm({ challenge }: { challenge: ChallengeListItem }) {
  const navigate = useNavigate();
  const [values, setValues] = useState<ChallengeFormValues>(() => editFormValues(challenge));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const failureId = useId();
  // The refusal stays written above the buttons and takes focus; the product's toast says it too.
  const refuse = (description: string) => {
    flushSync(() => setFailure(description));
    focusElement(document.getElementById(failureId));
    toast({ title: ERROR_TITLE, description, variant: "destructive" });
  };
  const update = useUpdateChallenge();
  const { resolveCourse } = useCourseResolver();
  const detailPath = `/challenges/${challenge.id}`;

  function onChange<K extends keyof ChallengeFormValues>(field: K, value: ChallengeFormValues[K]) {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) =>
      e[field] || (field === "startDate" && e.endDate)
        ? { ...e, [field]: "", ...(field === "startDate" ? { endDate: "" } : {}) }
        : e,
    );
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting) return;
    const result = validateEditForm(values, challenge);
    if (!result.ok) {
      setErrors(result.errors);
      requestAnimationFrame(() => document.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setErrors({});
    setFailure(null);
    setSubmitting(true);
    try {
      let courseIds: number[] | undefined;
      if (result.data.newCourseName) {
        try {
          courseIds = [(await resolveCourse(result.data.newCourseName)).id];
        } catch (error) {
          refuse(
            isUnauthorized(error)
              ? "You must be logged in to update a challenge."
              : "An error occurred updating the course. Please try again.",
          );
          return;
        }
      }
      // The course change travels with the update so both land together or not at all.
      await update.mutateAsync({ id: challenge.id, ...result.data.patch, ...(courseIds ? { courseIds } : {}) });
      toast({ title: "Challenge Updated", description: "Your changes have been saved." });
      await navigate(detailPath);
    } catch (error) {
      refuse(
        isUnauthorized(error)
          ? "You must be logged in to update a challenge."
          : errorMessage(error, "Something went wrong. Please try again."),
      );
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <PageHeader backTo={detailPath} title="Edit Challenge" subtitle={challenge.name} />
      <form
        noValidate
        onSubmit={onSubmit}
        aria-label="Edit challenge"
        className="card border border-base-300 bg-base-100 shadow-sm"
      >
        <div className="card-body gap-6 p-5 sm:p-8">
          <ChallengeFormFields
            variant="edit"
            values={values}
            errors={errors}
            onChange={onChange}
            minDate={EARLIEST_DAY}
            currentCourses={challenge.courses.map((c) => c.name)}
          />
          <FormFailure id={failureId} message={failure} title={ERROR_TITLE} />
          <div className="flex flex-col-reverse gap-2 border-t border-base-300 pt-5 sm:flex-row sm:justify-end">
            <Link to={detailPath} className="btn btn-ghost">
              Cancel
            </Link>
            <button
              type="submit"
              className={`btn btn-primary ${submitting ? "btn-disabled" : ""}`}
              aria-disabled={submitting || undefined}
            >
              {submitting && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              {submitting ? "Saving..." : "Save Changes"}
            </button>
          </div>
        </div>
      </form>
    </div>
  );
}

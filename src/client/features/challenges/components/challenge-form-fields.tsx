import { useId } from "react";
import { REQUIRE_CONFIRMATION_TEXT } from "../../../../shared/domain/verification";
import type { CourseMode } from "../../../../shared/domain/challenge-courses";
import {
  CREATE_TIEBREAKERS,
  CREATE_THRESHOLD_MAX,
  EDIT_THRESHOLD_MAX,
  TIEBREAKERS,
  type Tiebreaker,
} from "../../../../shared/schemas/challenges";
import { TextField } from "../../../components/ui/text-field";
import type { ChallengeFormValues, FieldErrors } from "../lib/challenge-form";
import { EAGLE_BONUS_TEXT, TIEBREAKER_LABELS } from "../lib/challenge-rules";
import { laterValue } from "../../../lib/date-input";
import { CourseNameField } from "./course-name-field";
import { HybridCourses } from "./hybrid-courses";
import { ToggleField } from "./toggle-field";

type Variant = "create" | "edit";

type ChallengeFormFieldsProps = {
  variant: Variant;
  values: ChallengeFormValues;
  errors: FieldErrors;
  onChange: <K extends keyof ChallengeFormValues>(field: K, value: ChallengeFormValues[K]) => void;
  /**
   * The earliest day the pickers offer: today on create, 1900-01-01 on edit
   * (docs/product/routes-and-screens.md#create-challenge,
   * docs/product/routes-and-screens.md#edit-challenge).
   */
  minDate: string;
  /** Edit, hybrid mode: the challenge's courses, shown for reference. */
  currentCourses?: string[];
};

const MODE_OPTIONS: { value: CourseMode; label: string; description: string }[] = [
  { value: "single", label: "Single Course", description: "Everyone plays the same course." },
  { value: "hybrid", label: "Hybrid Mode", description: "Birdies count on any course, or on the ones you list." },
];

/** The fields the create and edit forms share; each form validates with its own schema. */
export function ChallengeFormFields({
  variant,
  values,
  errors,
  onChange,
  minDate,
  currentCourses = [],
}: ChallengeFormFieldsProps) {
  const tiebreakers: readonly Tiebreaker[] = variant === "create" ? CREATE_TIEBREAKERS : TIEBREAKERS;
  const thresholdMax = variant === "create" ? CREATE_THRESHOLD_MAX : EDIT_THRESHOLD_MAX;
  const rulesId = useId();
  const tiebreakerId = useId();
  const modeErrorId = useId();
  const rulesErrorId = useId();
  const tiebreakerErrorId = useId();

  return (
    <div className="flex flex-col gap-5">
      <TextField
        label="Challenge name"
        name="name"
        autoComplete="off"
        placeholder="Summer Birdie Chase"
        value={values.name}
        onChange={(e) => onChange("name", e.target.value)}
        error={errors.name}
      />

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label="Start date"
          name="startDate"
          type="date"
          min={minDate}
          value={values.startDate}
          onChange={(e) => onChange("startDate", e.target.value)}
          error={errors.startDate}
        />
        <TextField
          label="End date"
          name="endDate"
          type="date"
          // The end can never come before the start (nor before the earliest day).
          min={laterValue(minDate, values.startDate)}
          value={values.endDate}
          onChange={(e) => onChange("endDate", e.target.value)}
          error={errors.endDate}
          hint={variant === "create" ? "Defaults to 30 days after the start" : undefined}
        />
      </div>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1.5 text-sm font-medium">Course mode</legend>
        <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
          {MODE_OPTIONS.map((option) => (
            <label
              key={option.value}
              className={`flex cursor-pointer items-start gap-3 rounded-box border p-3 transition-colors ${
                values.courseMode === option.value
                  ? "border-primary bg-primary/5"
                  : "border-base-300 hover:border-base-content/30"
              }`}
            >
              <input
                type="radio"
                name="courseMode"
                className="radio radio-primary radio-sm mt-0.5"
                value={option.value}
                checked={values.courseMode === option.value}
                aria-invalid={errors.courseMode ? true : undefined}
                aria-describedby={errors.courseMode ? modeErrorId : undefined}
                onChange={() => onChange("courseMode", option.value)}
              />
              <span className="min-w-0">
                <span className="block font-medium">{option.label}</span>
                <span className="block text-sm text-base-content/70">{option.description}</span>
              </span>
            </label>
          ))}
        </div>
        {errors.courseMode && (
          <p id={modeErrorId} className="text-sm text-error">
            {errors.courseMode}
          </p>
        )}
      </fieldset>

      {values.courseMode === "single" ? (
        <CourseNameField
          label="Course name"
          optional={variant === "edit"}
          placeholder="Start typing to find a course"
          value={values.courseName}
          onChange={(v) => onChange("courseName", v)}
          error={errors.courseName}
          hint="Pick a known course or type a new one"
        />
      ) : variant === "create" ? (
        <HybridCourses values={values} errors={errors} onChange={onChange} />
      ) : (
        <div className="rounded-box bg-base-200 p-3 text-sm">
          <p className="font-medium">Courses</p>
          <p className="mt-0.5 text-base-content/70">
            {currentCourses.length ? currentCourses.join(", ") : "Any Course"}
          </p>
        </div>
      )}

      <div className="flex flex-col gap-1.5">
        <label htmlFor={rulesId} className="text-sm font-medium">
          Rules <span className="font-normal text-base-content/60">(optional)</span>
        </label>
        <textarea
          id={rulesId}
          name="rules"
          rows={3}
          className={`textarea w-full ${errors.rules ? "textarea-error" : ""}`}
          placeholder="House rules for your group, e.g. only rounds played on weekends count"
          value={values.rules}
          onChange={(e) => onChange("rules", e.target.value)}
          aria-invalid={errors.rules ? true : undefined}
          aria-describedby={errors.rules ? rulesErrorId : undefined}
        />
        {errors.rules && (
          <p id={rulesErrorId} className="text-sm text-error">
            {errors.rules}
          </p>
        )}
      </div>

      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={tiebreakerId} className="text-sm font-medium">
            Tiebreaker
          </label>
          <select
            id={tiebreakerId}
            name="tiebreaker"
            className="select w-full"
            value={values.tiebreaker}
            onChange={(e) => onChange("tiebreaker", e.target.value as Tiebreaker)}
            aria-invalid={errors.tiebreaker ? true : undefined}
            aria-describedby={errors.tiebreaker ? tiebreakerErrorId : undefined}
          >
            {tiebreakers.map((t) => (
              <option key={t} value={t}>
                {TIEBREAKER_LABELS[t]}
              </option>
            ))}
          </select>
          {errors.tiebreaker && (
            <p id={tiebreakerErrorId} className="text-sm text-error">
              {errors.tiebreaker}
            </p>
          )}
        </div>
        {values.tiebreaker === "firstToThreshold" && (
          <TextField
            label="Threshold (holes)"
            name="tiebreakerThreshold"
            type="number"
            inputMode="numeric"
            min={1}
            max={thresholdMax}
            step={1}
            value={values.tiebreakerThreshold}
            onChange={(e) => onChange("tiebreakerThreshold", e.target.value)}
            error={errors.tiebreakerThreshold}
            hint={`Holes to birdie first, 1 to ${thresholdMax}`}
          />
        )}
      </div>

      <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
        <ToggleField
          label="Allow multiple birdies"
          description="Every birdie on a hole counts, not just the first."
          checked={values.allowMultipleBirdies}
          onChange={(v) => onChange("allowMultipleBirdies", v)}
        />
        <ToggleField
          label="Eagle bonus"
          description={
            values.eagleBonus ? `${EAGLE_BONUS_TEXT}.` : "Off: an eagle counts as one birdie in the tiebreak."
          }
          checked={values.eagleBonus}
          onChange={(v) => onChange("eagleBonus", v)}
        />
        <ToggleField
          label="Require confirmation"
          description={
            values.requireConfirmation
              ? `${REQUIRE_CONFIRMATION_TEXT}: golfers pick their partner's account, who confirms from their own phone.`
              : "Off: a typed partner name and signature is enough, and records count while they wait for a confirmation."
          }
          checked={values.requireConfirmation}
          onChange={(v) => onChange("requireConfirmation", v)}
        />
      </div>
    </div>
  );
}

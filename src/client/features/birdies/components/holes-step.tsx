import { type FormEvent, useEffect, useId, useMemo } from "react";
import type { ChallengeListItem } from "../../../../shared/schemas/challenges";
import { courseModeLabel } from "../../../../shared/domain/challenge-courses";
import { BIRDIE_POINTS, EAGLE_POINTS } from "../../../../shared/domain/scoring";
import { AlertIcon } from "../../../components/ui/icons";
import { TextField } from "../../../components/ui/text-field";
import { pointsText } from "../../../lib/points";
import { countMarks, type HoleMarks, tapHole } from "../lib/hole-marks";
import { type ContinueState, CUSTOM_COURSE, type RecordDraft } from "../lib/record-form";
import type { PlayDateWindow } from "../../../../shared/domain/play-date-window";
import { usePendingHoles } from "../../offline/public";
import { useCourseOptions } from "../hooks/use-course-options";
import { recordedHoles } from "../lib/hole-records";
import { HolePicker } from "./hole-picker";

type HolesStepProps = {
  challenges: readonly ChallengeListItem[];
  challenge: ChallengeListItem | undefined;
  locked: boolean;
  draft: RecordDraft;
  limits: PlayDateWindow | null;
  dateError: string | null;
  state: ContinueState;
  /** No hole marked yet although Continue was pressed. */
  holesError: string | null;
  /** The server refused the last verified round. */
  submitError: string | null;
  onDraft: (update: (draft: RecordDraft) => RecordDraft) => void;
  onChooseChallenge: (value: string) => void;
  onContinue: (event: FormEvent) => void;
  /** Holes the server's rules refuse, with the reason. */
  flagged: Readonly<Record<number, string>>;
  /** The round is being checked against the server's rules before the partner signs. */
  checking: boolean;
  /** Throws the kept draft away (shown once there is something to throw away). */
  onDiscard: (() => void) | null;
};

/**
 * The first step (docs/product/routes-and-screens.md#record-birdies): challenge, course, date
 * played and the marked holes.
 */
export function HolesStep({
  challenges,
  challenge,
  locked,
  draft,
  limits,
  dateError,
  state,
  holesError,
  submitError,
  onDraft,
  onChooseChallenge,
  onContinue,
  flagged,
  checking,
  onDiscard,
}: HolesStepProps) {
  const ids = { challenge: useId(), course: useId(), date: useId(), dateError: useId() };
  const counts = countMarks(draft.marks);
  const waiting = usePendingHoles(challenge?.id);
  const recorded = useMemo(() => (challenge ? recordedHoles(challenge, waiting) : undefined), [challenge, waiting]);
  const courseOptions = useCourseOptions(challenge);
  const inChallenge = courseOptions.filter((c) => c.group === "challenge");
  const recent = courseOptions.filter((c) => c.group === "recent");
  const firstSuggestion = courseOptions[0]?.id;

  // A hybrid round starts on the likeliest course once it is known, rather than on a blank name
  // (never over a typed name or marked holes).
  useEffect(() => {
    if (firstSuggestion === undefined) return;
    onDraft((d) =>
      d.courseChoice === CUSTOM_COURSE && !d.customCourseName.trim() && Object.keys(d.marks).length === 0
        ? { ...d, courseChoice: String(firstSuggestion) }
        : d,
    );
  }, [firstSuggestion, onDraft]);

  function chooseCourse(value: string) {
    // Changing the course clears the marked holes
    // (docs/product/routes-and-screens.md#record-birdies).
    onDraft((d) => ({ ...d, courseChoice: value, marks: {} }));
  }

  function typeCourseName(value: string) {
    onDraft((d) =>
      d.customCourseName.trim() === value.trim()
        ? { ...d, customCourseName: value }
        : { ...d, customCourseName: value, marks: {} },
    );
  }

  return (
    <form
      onSubmit={onContinue}
      className="card border border-base-300 bg-base-100 shadow-sm"
      aria-label="Record birdies"
      noValidate
    >
      <div className="card-body gap-5 p-4 sm:p-6">
        {submitError && (
          <div role="alert" tabIndex={-1} data-submit-error="" className="alert alert-error alert-soft outline-none">
            <AlertIcon className="shrink-0 text-lg" />
            <p>
              <span className="font-semibold">Error Recording Birdies:</span> {submitError}
            </p>
          </div>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-1.5 sm:col-span-2">
            <label htmlFor={ids.challenge} className="text-sm font-medium">
              Challenge
            </label>
            <select
              id={ids.challenge}
              className="select w-full"
              value={draft.challengeId === null ? "" : String(draft.challengeId)}
              onChange={(e) => onChooseChallenge(e.target.value)}
              disabled={locked}
            >
              {!locked && <option value="">Select a challenge</option>}
              {challenges.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
            {challenge && (
              <p className="text-xs text-base-content/70" data-testid="challenge-courses">
                {courseModeLabel(challenge.courseMode)}
                {challenge.courseMode === "hybrid" && inChallenge.length > 0 && (
                  <> · Courses in this challenge: {inChallenge.map((c) => c.name).join(", ")}</>
                )}
              </p>
            )}
          </div>

          {challenge && (
            <div className="flex flex-col gap-1.5">
              <label htmlFor={ids.course} className="text-sm font-medium">
                Course
              </label>
              <select
                id={ids.course}
                className="select w-full"
                value={draft.courseChoice}
                onChange={(e) => chooseCourse(e.target.value)}
                // A single-course challenge is played on its one course.
                disabled={challenge.courseMode === "single"}
              >
                {challenge.courses.length === 0 && challenge.courseMode === "single" && (
                  <option value="">Course not specified</option>
                )}
                {challenge.courseMode === "hybrid" ? (
                  <>
                    {inChallenge.length > 0 && (
                      <optgroup label="In this challenge">
                        {inChallenge.map((c) => (
                          <option key={c.id} value={c.id}>
                            {c.name}
                          </option>
                        ))}
                      </optgroup>
                    )}
                    {recent.length > 0 && (
                      <optgroup label="Your recent courses">
                        {recent.map((c) => (
                          <option key={c.id} value={c.id}>
                            {c.name}
                          </option>
                        ))}
                      </optgroup>
                    )}
                  </>
                ) : (
                  challenge.courses.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))
                )}
                {challenge.courseMode === "hybrid" && <option value={CUSTOM_COURSE}>Another course...</option>}
              </select>
            </div>
          )}

          {challenge && (
            <div className="flex flex-col gap-1.5">
              <label htmlFor={ids.date} className="text-sm font-medium">
                Date Played
              </label>
              <input
                id={ids.date}
                type="date"
                className={`input w-full ${dateError ? "input-error" : ""}`}
                value={draft.date}
                min={limits?.min}
                max={limits?.max}
                onChange={(e) => onDraft((d) => ({ ...d, date: e.target.value }))}
                aria-invalid={dateError ? true : undefined}
                aria-describedby={dateError ? ids.dateError : undefined}
              />
              {dateError && (
                <p id={ids.dateError} className="text-sm text-error">
                  {dateError}
                </p>
              )}
            </div>
          )}

          {challenge?.courseMode === "hybrid" && draft.courseChoice === CUSTOM_COURSE && (
            <TextField
              label="Course Name"
              name="customCourseName"
              className="sm:col-span-2"
              maxLength={100}
              value={draft.customCourseName}
              onChange={(e) => typeCourseName(e.target.value)}
              placeholder="e.g. St Andrews Old Course"
              hint="A course not yet in this challenge is added for everyone."
            />
          )}
        </div>

        {challenge && (
          <HolePicker
            marks={draft.marks}
            error={holesError}
            recorded={recorded}
            allowMultipleBirdies={challenge.allowMultipleBirdies}
            flagged={flagged}
            onTap={(hole) =>
              onDraft((d) => ({
                ...d,
                marks: tapHole(d.marks, hole, recorded?.get(hole)?.allowed ?? ["birdie", "eagle"]) as HoleMarks,
              }))
            }
          />
        )}

        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-xs text-base-content/60">
            Birdie = {pointsText(BIRDIE_POINTS)} · Eagle = {pointsText(EAGLE_POINTS)}
          </p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            {onDiscard && (
              <button type="button" className="btn btn-ghost" onClick={onDiscard}>
                Discard Round
              </button>
            )}
            <button
              type="submit"
              className={`btn btn-primary h-auto min-h-11 max-w-full whitespace-normal ${state === "no-holes" ? "btn-disabled pointer-events-auto" : ""}`}
              disabled={state === "blocked"}
              // With only the holes missing the button stays focusable and explains itself on press.
              aria-disabled={state !== "ready" || checking || undefined}
            >
              {checking && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              Continue to Verification
              {counts.total > 0 && (
                <span className="badge badge-sm" aria-hidden="true">
                  {counts.total}
                </span>
              )}
            </button>
          </div>
        </div>
      </div>
    </form>
  );
}

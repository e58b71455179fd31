import { type FormEvent, useId, useMemo, useState } from "react";
import { TextField } from "../../../components/ui/text-field";
import { errorMessage } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { courseModeLabel } from "../../../../shared/domain/challenge-courses";
import { BIRDIE_POINTS, EAGLE_POINTS, recordedSummaryText, recordType } from "../../../../shared/domain/scoring";
import { pointsText } from "../../../lib/points";
import type { Achievement } from "../../../../shared/schemas/achievements";
import type { ChallengeListItem } from "../../../../shared/schemas/challenges";
import { useRefreshAfterRecordChange } from "../../../hooks/use-refresh-after-record-change";
import { useRecordRound } from "../hooks/use-birdies";
import { countMarks, type HoleMarks, markedHoles, tapHole } from "../lib/hole-marks";
import { continueState, courseInput, CUSTOM_COURSE, type RecordDraft } from "../lib/record-form";
import { playDateProblem, playDateWindow } from "../../../../shared/domain/play-date-window";
import { formatPlayedDate } from "../lib/hole-records";
import { HolePicker } from "./hole-picker";
import { queueRound } from "../../offline/public";
import { isNetworkError } from "../../../lib/errors";
import { uuid } from "../../../lib/uuid";
import { localDay } from "../../../lib/date-input";

// SPEC.md §4 Toasts: one is visible at a time, so earned achievements follow the success toast
// one after another instead of replacing it at once.
const ACHIEVEMENT_TOAST_GAP_MS = 2500;

type RecordBirdiesFormProps = {
  /** The challenges a round can be recorded in (active ones the player belongs to). */
  challenges: readonly ChallengeListItem[];
  /** From /record-birdies/{id}: the challenge is chosen and locked. */
  lockedChallengeId: number | null;
};

/** The first course of the challenge for single mode; hybrid starts on its first course, or a typed name. */
function defaultCourseChoice(challenge: ChallengeListItem | undefined): string {
  if (!challenge) return "";
  const first = challenge.courses[0];
  if (challenge.courseMode === "single") return first ? String(first.id) : "";
  return first ? String(first.id) : CUSTOM_COURSE;
}

function emptyDraft(challenge: ChallengeListItem | undefined): RecordDraft {
  return {
    challengeId: challenge?.id ?? null,
    courseMode: challenge?.courseMode ?? null,
    courseChoice: defaultCourseChoice(challenge),
    customCourseName: "",
    date: localDay(),
    marks: {},
  };
}

function announceAchievements(achievements: readonly Achievement[]) {
  achievements.forEach((achievement, index) => {
    setTimeout(
      () => toast({ title: `Achievement Unlocked: ${achievement.name}`, description: achievement.description }),
      ACHIEVEMENT_TOAST_GAP_MS * (index + 1),
    );
  });
}

/** Record birdies (SPEC.md §2, §4, §5): the round form, then the partner's verification. */
export function RecordBirdiesForm({ challenges, lockedChallengeId }: RecordBirdiesFormProps) {
  const initial =
    challenges.find((c) => c.id === lockedChallengeId) ?? (challenges.length === 1 ? challenges[0] : undefined);
  const [draft, setDraft] = useState<RecordDraft>(() => emptyDraft(initial));
  const [step, setStep] = useState<"form" | "verify">("form");
  const [partnerName, setPartnerName] = useState("");
  const [signature, setSignature] = useState("");
  const recordRound = useRecordRound();
  const refresh = useRefreshAfterRecordChange();
  const ids = { challenge: useId(), course: useId(), date: useId(), dateError: useId() };

  const challenge = challenges.find((c) => c.id === draft.challengeId);
  const limits = useMemo(
    // The golfer's own calendar day bounds the date; the server allows the latest zone on Earth.
    () => (challenge ? playDateWindow(challenge.startDate, challenge.endDate, localDay()) : null),
    [challenge],
  );
  const dateError = playDateProblem(draft.date, limits);
  const state = continueState(draft, dateError);
  const counts = countMarks(draft.marks);
  const locked = lockedChallengeId !== null;

  function chooseChallenge(value: string) {
    const next = challenges.find((c) => String(c.id) === value);
    // A different challenge means different courses: start its round afresh, keeping the date.
    setDraft((d) => ({ ...emptyDraft(next), date: d.date }));
  }

  function chooseCourse(value: string) {
    // SPEC.md §5: changing the course clears the marked holes.
    setDraft((d) => ({ ...d, courseChoice: value, marks: {} }));
  }

  function typeCourseName(value: string) {
    setDraft((d) =>
      d.customCourseName.trim() === value.trim()
        ? { ...d, customCourseName: value }
        : { ...d, customCourseName: value, marks: {} },
    );
  }

  function onContinue(event: FormEvent) {
    event.preventDefault();
    if (state === "no-holes") {
      toast({
        title: "No holes selected",
        description: "Please select at least one hole where you scored a birdie or eagle.",
        variant: "destructive",
      });
      return;
    }
    if (state !== "ready") return;
    setStep("verify");
  }

  async function onSubmitVerification(event: FormEvent) {
    event.preventDefault();
    if (!challenge || !partnerName.trim() || !signature.trim() || recordRound.isPending) return;
    // One id per verified round: if the answer is lost and the round is sent again (now or from
    // the offline outbox), the server records it once.
    const input = {
      challengeId: challenge.id,
      ...courseInput(draft),
      date: draft.date,
      holes: markedHoles(draft.marks),
      verifiedBy: { name: partnerName.trim(), signature: signature.trim() },
      clientRoundId: uuid(),
    };
    const reset = () => {
      // SPEC.md §4: success resets the form and the hole selection.
      setDraft(emptyDraft(challenge));
      setPartnerName("");
      setSignature("");
      setStep("form");
    };
    // Golf courses have dead spots: with no connection the verified round waits on the device.
    const saveOffline = async () => {
      await queueRound(input);
      toast({ title: "Saved offline", description: "Your round will be sent when you are back online." });
      reset();
    };
    if (!navigator.onLine) {
      try {
        await saveOffline();
        return;
      } catch {
        // The device could not store it: fall through and try the network after all.
      }
    }
    try {
      const result = await recordRound.mutateAsync(input);
      toast({ title: "Success!", description: recordedSummaryText(result.birdies, result.eagles) });
      announceAchievements(result.newAchievements ?? []);
      reset();
      void refresh();
    } catch (error) {
      if (isNetworkError(error)) {
        try {
          await saveOffline();
          return;
        } catch {
          // Fall through to the error toast.
        }
      }
      // SPEC.md §4: a failure closes the verification step.
      setStep("form");
      toast({
        title: "Error Recording Birdies",
        description: errorMessage(error, "There was an error recording your birdies."),
        variant: "destructive",
      });
    }
  }

  if (step === "verify" && challenge) {
    const canSubmit = partnerName.trim() !== "" && signature.trim() !== "" && !recordRound.isPending;
    return (
      <form
        onSubmit={onSubmitVerification}
        className="card border border-base-300 bg-base-100 shadow-sm"
        aria-labelledby="verify-title"
        noValidate
      >
        <div className="card-body gap-5 p-4 sm:p-6">
          <div>
            <h2 id="verify-title" className="card-title text-lg">
              Partner Verification
            </h2>
            <p className="mt-1 text-sm text-base-content/70">
              Hand the phone to your playing partner to confirm the round.
            </p>
          </div>
          <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 rounded-box bg-base-200/60 p-4 text-sm">
            <dt className="text-base-content/60">Challenge</dt>
            <dd className="break-words font-medium">{challenge.name}</dd>
            <dt className="text-base-content/60">Course</dt>
            <dd className="break-words font-medium">{courseText(challenge, draft)}</dd>
            <dt className="text-base-content/60">Date</dt>
            <dd className="font-medium">{formatPlayedDate(draft.date)}</dd>
            <dt className="text-base-content/60">Holes</dt>
            <dd className="font-medium">
              {markedHoles(draft.marks)
                .map((h) => `${h.holeNumber} (${recordType(h.score)})`)
                .join(", ")}
            </dd>
          </dl>
          <TextField
            label="Partner Name"
            name="partnerName"
            autoComplete="off"
            maxLength={100}
            value={partnerName}
            onChange={(e) => setPartnerName(e.target.value)}
            hint="The playing partner who saw these shots."
          />
          <TextField
            label="Signature"
            name="signature"
            autoComplete="off"
            maxLength={100}
            value={signature}
            onChange={(e) => setSignature(e.target.value)}
            className="[&_input]:font-serif [&_input]:text-lg [&_input]:italic"
            hint="Your partner types their signature to verify."
          />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => setStep("form")}
              disabled={recordRound.isPending}
            >
              Back
            </button>
            <button type="submit" className="btn btn-primary" disabled={!canSubmit}>
              {recordRound.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              Submit Verification
            </button>
          </div>
        </div>
      </form>
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
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-1.5 sm:col-span-2">
            <label htmlFor={ids.challenge} className="text-sm font-medium">
              Challenge
            </label>
            <select
              id={ids.challenge}
              className="select w-full"
              value={draft.challengeId === null ? "" : String(draft.challengeId)}
              onChange={(e) => chooseChallenge(e.target.value)}
              disabled={locked}
            >
              {!locked && <option value="">Select a challenge</option>}
              {challenges.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
            {challenge && <p className="text-xs text-base-content/60">{courseModeLabel(challenge.courseMode)}</p>}
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
                {challenge.courses.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                ))}
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
                onChange={(e) => setDraft((d) => ({ ...d, date: e.target.value }))}
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
            onTap={(hole) => setDraft((d) => ({ ...d, marks: tapHole(d.marks, hole) as HoleMarks }))}
          />
        )}

        <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-xs text-base-content/60">
            Birdie = {pointsText(BIRDIE_POINTS)} · Eagle = {pointsText(EAGLE_POINTS)}
          </p>
          <button
            type="submit"
            className={`btn btn-primary ${state === "no-holes" ? "btn-disabled pointer-events-auto" : ""}`}
            disabled={state === "blocked"}
            // With only the holes missing the button stays focusable and explains itself on press.
            aria-disabled={state !== "ready"}
          >
            Continue to Verification
            {counts.total > 0 && (
              <span className="badge badge-sm" aria-hidden="true">
                {counts.total}
              </span>
            )}
          </button>
        </div>
      </div>
    </form>
  );
}

function courseText(challenge: ChallengeListItem, draft: RecordDraft): string {
  if (draft.courseChoice === CUSTOM_COURSE) return draft.customCourseName.trim();
  return challenge.courses.find((c) => String(c.id) === draft.courseChoice)?.name ?? "Course not specified";
}

import type { FormEvent } from "react";
import type { ChallengeListItem } from "../../../../shared/schemas/challenges";
import { recordType } from "../../../../shared/domain/scoring";
import { TextField } from "../../../components/ui/text-field";
import { type CourseOption, useCourseOptions } from "../hooks/use-course-options";
import { markedHoles } from "../lib/hole-marks";
import { formatPlayedDate } from "../lib/hole-records";
import { CUSTOM_COURSE, type RecordDraft } from "../lib/record-form";
import { type PartnerMode, PartnerPicker, type PickedPartner } from "./partner-picker";

type VerificationStepProps = {
  challenge: ChallengeListItem;
  draft: RecordDraft;
  userId: number;
  partnerMode: PartnerMode;
  partner: PickedPartner | null;
  onPartnerMode: (mode: PartnerMode) => void;
  onPartner: (partner: PickedPartner | null) => void;
  partnerName: string;
  signature: string;
  pending: boolean;
  onPartnerName: (value: string) => void;
  onSignature: (value: string) => void;
  onBack: () => void;
  onSubmit: () => void;
};

/**
 * The second step (docs/product/routes-and-screens.md#record-birdies): the round's summary, then
 * the playing partner's name and signature.
 */
export function VerificationStep({
  challenge,
  draft,
  userId,
  partnerMode,
  partner,
  onPartnerMode,
  onPartner,
  partnerName,
  signature,
  pending,
  onPartnerName,
  onSignature,
  onBack,
  onSubmit,
}: VerificationStepProps) {
  const courseOptions = useCourseOptions(challenge);
  const filled = partnerMode === "account" ? partner !== null : partnerName.trim() !== "" && signature.trim() !== "";
  const canSubmit = filled && !pending;
  function submit(event: FormEvent) {
    event.preventDefault();
    if (canSubmit) onSubmit();
  }
  return (
    <form
      onSubmit={submit}
      className="card border border-base-300 bg-base-100 shadow-sm"
      aria-labelledby="verify-title"
      noValidate
    >
      <div className="card-body gap-5 p-4 sm:p-6">
        <div>
          <h2 id="verify-title" tabIndex={-1} className="card-title text-lg outline-none">
            Partner Verification
          </h2>
          <p className="mt-1 text-sm text-base-content/70">
            {partnerMode === "account"
              ? "Pick your playing partner: they confirm the round from their own account."
              : "Hand the phone to your playing partner to confirm the round."}
          </p>
        </div>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 rounded-box bg-base-200/60 p-4 text-sm">
          <dt className="text-base-content/60">Challenge</dt>
          <dd className="break-words font-medium">{challenge.name}</dd>
          <dt className="text-base-content/60">Course</dt>
          <dd className="break-words font-medium">{courseText(courseOptions, draft)}</dd>
          <dt className="text-base-content/60">Date</dt>
          <dd className="font-medium">{formatPlayedDate(draft.date)}</dd>
          <dt className="text-base-content/60">Holes</dt>
          <dd className="font-medium">
            {markedHoles(draft.marks)
              .map((h) => `${h.holeNumber} (${recordType(h.score)})`)
              .join(", ")}
          </dd>
        </dl>
        <PartnerPicker
          challengeId={challenge.id}
          userId={userId}
          requireConfirmation={challenge.requireConfirmation}
          mode={partnerMode}
          partner={partner}
          onMode={onPartnerMode}
          onPartner={onPartner}
        />
        {partnerMode === "typed" && (
          <>
            <TextField
              label="Partner Name"
              name="partnerName"
              autoComplete="off"
              maxLength={100}
              value={partnerName}
              onChange={(e) => onPartnerName(e.target.value)}
              hint="The playing partner who saw these shots."
            />
            <TextField
              label="Signature"
              name="signature"
              autoComplete="off"
              maxLength={100}
              value={signature}
              onChange={(e) => onSignature(e.target.value)}
              className="[&_input]:font-serif [&_input]:text-lg [&_input]:italic"
              hint="Your partner types their signature to verify."
            />
          </>
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" className="btn btn-ghost" onClick={onBack} disabled={pending}>
            Back
          </button>
          {/* Pending is only aria-disabled: disabling the pressed button would drop focus to <body>. */}
          <button
            type="submit"
            className={`btn btn-primary ${pending ? "btn-disabled" : ""}`}
            disabled={!filled}
            aria-disabled={pending || undefined}
          >
            {pending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
            Submit Verification
          </button>
        </div>
      </div>
    </form>
  );
}

function courseText(options: readonly CourseOption[], draft: RecordDraft): string {
  if (draft.courseChoice === CUSTOM_COURSE) return draft.customCourseName.trim();
  return options.find((c) => String(c.id) === draft.courseChoice)?.name ?? "Course not specified";
}

import { type FormEvent, useMemo, useState } from "react";
import type { ChallengeListItem } from "../../../../shared/schemas/challenges";
import { playDateProblem, playDateWindow } from "../../../../shared/domain/play-date-window";
import { localDay } from "../../../lib/date-input";
import { toast } from "../../../lib/toast";
import { uuid } from "../../../lib/uuid";
import { useSubmitRound } from "../hooks/use-submit-round";
import { markedHoles } from "../lib/hole-marks";
import { continueState, courseInput, CUSTOM_COURSE, type RecordDraft } from "../lib/record-form";
import { HolesStep } from "./holes-step";
import { VerificationStep } from "./verification-step";

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

/**
 * Record birdies (docs/product/routes-and-screens.md#record-birdies): the round form, then the
 * partner's verification.
 */
export function RecordBirdiesForm({ challenges, lockedChallengeId }: RecordBirdiesFormProps) {
  const initial =
    challenges.find((c) => c.id === lockedChallengeId) ?? (challenges.length === 1 ? challenges[0] : undefined);
  const [draft, setDraft] = useState<RecordDraft>(() => emptyDraft(initial));
  const [step, setStep] = useState<"form" | "verify">("form");
  const [partnerName, setPartnerName] = useState("");
  const [signature, setSignature] = useState("");
  const round = useSubmitRound();

  const challenge = challenges.find((c) => c.id === draft.challengeId);
  const limits = useMemo(
    // The golfer's own calendar day bounds the date; the server allows the latest zone on Earth.
    () => (challenge ? playDateWindow(challenge.startDate, challenge.endDate, localDay()) : null),
    [challenge],
  );
  const dateError = playDateProblem(draft.date, limits);
  const state = continueState(draft, dateError);

  function chooseChallenge(value: string) {
    const next = challenges.find((c) => String(c.id) === value);
    // A different challenge means different courses: start its round afresh, keeping the date.
    setDraft((d) => ({ ...emptyDraft(next), date: d.date }));
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

  async function submitVerification() {
    if (!challenge || !partnerName.trim() || !signature.trim() || round.isPending) return;
    const outcome = await round.submit({
      challengeId: challenge.id,
      ...courseInput(draft),
      date: draft.date,
      holes: markedHoles(draft.marks),
      verifiedBy: { name: partnerName.trim(), signature: signature.trim() },
      // One id per verified round: if the answer is lost and the round is sent again (now or from
      // the offline outbox), the server records it once.
      clientRoundId: uuid(),
    });
    if (outcome === "saved") {
      // Success resets the form and the hole selection
      // (docs/product/routes-and-screens.md#record-birdies).
      setDraft(emptyDraft(challenge));
      setPartnerName("");
      setSignature("");
    }
    // A failure closes the verification step too
    // (docs/product/routes-and-screens.md#record-birdies).
    setStep("form");
  }

  if (step === "verify" && challenge) {
    return (
      <VerificationStep
        challenge={challenge}
        draft={draft}
        partnerName={partnerName}
        signature={signature}
        pending={round.isPending}
        onPartnerName={setPartnerName}
        onSignature={setSignature}
        onBack={() => setStep("form")}
        onSubmit={() => void submitVerification()}
      />
    );
  }

  return (
    <HolesStep
      challenges={challenges}
      challenge={challenge}
      locked={lockedChallengeId !== null}
      draft={draft}
      limits={limits}
      dateError={dateError}
      state={state}
      onDraft={setDraft}
      onChooseChallenge={chooseChallenge}
      onContinue={onContinue}
    />
  );
}

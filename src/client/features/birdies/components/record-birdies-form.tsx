import { type FormEvent, useEffect, useMemo, useRef, useState } from "react";
import { flushSync } from "react-dom";
import type { ChallengeListItem } from "../../../../shared/schemas/challenges";
import { playDateProblem, playDateWindow } from "../../../../shared/domain/play-date-window";
import { announce } from "../../../lib/announce";
import { localDay } from "../../../lib/date-input";
import { focusElement } from "../../../lib/focus";
import { toast } from "../../../lib/toast";
import { uuid } from "../../../lib/uuid";
import { useSubmitRound } from "../hooks/use-submit-round";
import { countMarks, markedHoles } from "../lib/hole-marks";
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

const NO_HOLES = {
  title: "No holes selected",
  description: "Please select at least one hole where you scored a birdie or eagle.",
};

type Step = "form" | "verify";

const STEP_NAMES: Record<Step, string> = {
  form: "Step 1 of 2: Holes",
  verify: "Step 2 of 2: Partner Verification",
};

/**
 * Record birdies (docs/product/routes-and-screens.md#record-birdies): the round form, then the partner's verification. A step
 * change replaces the form under the focused button, so focus moves on with it (WCAG 2.4.3): to
 * the verification heading, or back to the page's heading (or to the error, after a refusal),
 * and the new step is announced.
 */
export function RecordBirdiesForm({ challenges, lockedChallengeId }: RecordBirdiesFormProps) {
  const initial =
    challenges.find((c) => c.id === lockedChallengeId) ?? (challenges.length === 1 ? challenges[0] : undefined);
  const [draft, setDraft] = useState<RecordDraft>(() => emptyDraft(initial));
  const [step, setStep] = useState<Step>("form");
  const [partnerName, setPartnerName] = useState("");
  const [signature, setSignature] = useState("");
  const [holesError, setHolesError] = useState<string | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const round = useSubmitRound();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const stepChanged = useRef(false);

  function goTo(next: Step) {
    stepChanged.current = true;
    setStep(next);
  }

  useEffect(() => {
    if (!stepChanged.current) return;
    stepChanged.current = false;
    const wrapper = wrapperRef.current;
    const target =
      step === "verify"
        ? wrapper?.querySelector<HTMLElement>("#verify-title")
        : (wrapper?.querySelector<HTMLElement>("[data-submit-error]") ??
          document.querySelector<HTMLElement>("main h1"));
    focusElement(target);
    announce(STEP_NAMES[step]);
  }, [step]);

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
      // Written next to the holes and read with each of them, focus on the first one; the
      // toast is the product's and no longer the only copy of the message.
      flushSync(() => setHolesError(NO_HOLES.description));
      wrapperRef.current?.querySelector<HTMLElement>("[data-hole-picker] button")?.focus();
      toast({ ...NO_HOLES, variant: "destructive" });
      return;
    }
    if (state !== "ready") return;
    setSubmitError(null);
    goTo("verify");
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
    if (outcome.saved) {
      // Success resets the form and the hole selection
      // (docs/product/routes-and-screens.md#record-birdies).
      setDraft(emptyDraft(challenge));
      setPartnerName("");
      setSignature("");
      setSubmitError(null);
    } else {
      setSubmitError(outcome.message);
    }
    // A failure closes the verification step too
    // (docs/product/routes-and-screens.md#record-birdies).
    goTo("form");
  }

  // Shown only while still true: marking a hole answers it.
  const shownHolesError = holesError && countMarks(draft.marks).total === 0 ? holesError : null;

  return (
    <div ref={wrapperRef}>
      {step === "verify" && challenge ? (
        <VerificationStep
          challenge={challenge}
          draft={draft}
          partnerName={partnerName}
          signature={signature}
          pending={round.isPending}
          onPartnerName={setPartnerName}
          onSignature={setSignature}
          onBack={() => goTo("form")}
          onSubmit={() => void submitVerification()}
        />
      ) : (
        <HolesStep
          challenges={challenges}
          challenge={challenge}
          locked={lockedChallengeId !== null}
          draft={draft}
          limits={limits}
          dateError={dateError}
          state={state}
          holesError={shownHolesError}
          submitError={submitError}
          onDraft={setDraft}
          onChooseChallenge={chooseChallenge}
          onContinue={onContinue}
        />
      )}
    </div>
  );
}

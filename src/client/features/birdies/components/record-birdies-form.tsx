import { type FormEvent, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { historyIndex, useLocation, useNavigate } from "../../../lib/router";
import type { ChallengeListItem } from "../../../../shared/schemas/challenges";
import { playDateProblem, playDateWindow } from "../../../../shared/domain/play-date-window";
import { useCurrentUser } from "../../../hooks/use-current-user";
import { announce } from "../../../lib/announce";
import { localDay } from "../../../lib/date-input";
import { errorMessage, isNetworkError } from "../../../lib/errors";
import { focusElement } from "../../../lib/focus";
import { toast } from "../../../lib/toast";
import { trpc } from "../../../lib/trpc";
import { useSubmitRound } from "../hooks/use-submit-round";
import { clearDraft, draftHasWork, draftScope, loadDraft, newRoundId, saveDraft } from "../lib/draft-store";
import { countMarks, markedHoles } from "../lib/hole-marks";
import { continueState, courseInput, CUSTOM_COURSE, type RecordDraft } from "../lib/record-form";
import { HolesStep } from "./holes-step";
import { RoundResult, type RoundResultData } from "./round-result";
import type { PartnerMode, PickedPartner } from "./partner-picker";
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

/** The verification step lives in the history entry, so Back returns to the holes. */
const VERIFY_STATE = { recordStep: "verify" } as const;

/**
 * Record birdies (docs/product/routes-and-screens.md#record-birdies): the round form, then the
 * partner's verification, then the round's result. The step is a history entry (Back on the
 * partner step returns to the holes; Forward comes back) and the draft is kept on the device
 * until it is recorded or discarded, with the round id made when the draft is (exactly once). A
 * step change replaces the form under the focused button, so focus moves on with it (WCAG 2.4.3):
 * to the verification heading, or back to the page's heading (or to the error, after a
 * refusal), and the new step is announced.
 */
export function RecordBirdiesForm({ challenges, lockedChallengeId }: RecordBirdiesFormProps) {
  const { user } = useCurrentUser();
  const userId = user?.id ?? 0;
  const scope = draftScope(lockedChallengeId);
  const location = useLocation();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const initial =
    challenges.find((c) => c.id === lockedChallengeId) ?? (challenges.length === 1 ? challenges[0] : undefined);
  // A kept draft comes back when its challenge can still be recorded in on this page.
  const [stored] = useState(() => {
    const kept = loadDraft(userId, scope);
    const fits =
      kept &&
      (kept.draft.challengeId === null || challenges.some((c) => c.id === kept.draft.challengeId)) &&
      (lockedChallengeId === null || kept.draft.challengeId === lockedChallengeId);
    return fits ? kept : null;
  });
  const [draft, setDraft] = useState<RecordDraft>(() => stored?.draft ?? emptyDraft(initial));
  const [roundId, setRoundId] = useState(() => stored?.roundId ?? newRoundId());
  const [partnerName, setPartnerName] = useState(stored?.partnerName ?? "");
  const [signature, setSignature] = useState("");
  const [partner, setPartner] = useState<PickedPartner | null>(stored?.partner ?? null);
  const [partnerMode, setPartnerMode] = useState<PartnerMode>(
    stored?.partnerMode ?? (initial?.requireConfirmation ? "account" : "typed"),
  );
  const [holesError, setHolesError] = useState<string | null>(null);
  const [submitError, setSubmitError] = useState<string | null>(stored?.refusal ?? null);
  const [flagged, setFlagged] = useState<Record<number, string>>({});
  const [checking, setChecking] = useState(false);
  const [result, setResult] = useState<RoundResultData | null>(null);
  const round = useSubmitRound();
  const wrapperRef = useRef<HTMLDivElement>(null);
  const submitting = useRef(false);

  const challenge = challenges.find((c) => c.id === draft.challengeId);
  const limits = useMemo(
    // The golfer's own calendar day bounds the date; the server allows the latest zone on Earth.
    () => (challenge ? playDateWindow(challenge.startDate, challenge.endDate, localDay()) : null),
    [challenge],
  );
  const dateError = playDateProblem(draft.date, limits);
  const state = continueState(draft, dateError);
  const wantsVerify = (location.state as { recordStep?: string } | null)?.recordStep === "verify";
  // Forward or a reload onto the partner step shows it only while the round can still go there.
  const step: Step = wantsVerify && state === "ready" && challenge ? "verify" : "form";

  // Kept on every change, so a reload or an app kill finds the round as it was left.
  useEffect(() => {
    if (!userId || result) return;
    if (draftHasWork(draft) || partnerName.trim() || partner)
      saveDraft(userId, scope, { draft, roundId, partnerName, partner, partnerMode });
    else clearDraft(userId, scope);
  }, [draft, roundId, partnerName, partner, partnerMode, userId, scope, result]);

  const previousStep = useRef<Step>(step);
  useEffect(() => {
    if (previousStep.current === step) return;
    previousStep.current = step;
    // The round result takes focus itself (its heading).
    if (result) return;
    const wrapper = wrapperRef.current;
    const target =
      step === "verify"
        ? wrapper?.querySelector<HTMLElement>("#verify-title")
        : (wrapper?.querySelector<HTMLElement>("[data-submit-error]") ??
          document.querySelector<HTMLElement>("main h1"));
    focusElement(target);
    announce(STEP_NAMES[step]);
  }, [step, result]);

  function toVerify() {
    void navigate(location.pathname + location.search, { state: VERIFY_STATE });
  }

  function toHoles() {
    // Back in history when the partner step was pushed from here; otherwise replace it.
    if (wantsVerify && window.history.length > 1 && historyIndex() > 0) void navigate(-1);
    else void navigate(location.pathname + location.search, { replace: true, state: null });
  }

  function chooseChallenge(value: string) {
    const next = challenges.find((c) => String(c.id) === value);
    // A different challenge means different courses: start its round afresh, keeping the date.
    setDraft((d) => ({ ...emptyDraft(next), date: d.date }));
    setFlagged({});
    setPartner(null);
    setPartnerMode(next?.requireConfirmation ? "account" : "typed");
  }

  const updateDraft = useCallback((update: (d: RecordDraft) => RecordDraft) => {
    setDraft((d) => {
      const next = update(d);
      // A hole that is changed or cleared is no longer the one the server refused.
      setFlagged((f) => {
        const kept = Object.entries(f).filter(([hole]) => next.marks[Number(hole)] === d.marks[Number(hole)]);
        return kept.length === Object.keys(f).length ? f : Object.fromEntries(kept);
      });
      return next;
    });
  }, []);

  function roundQuery() {
    return {
      challengeId: draft.challengeId ?? 0,
      ...courseInput(draft),
      date: draft.date,
      holes: markedHoles(draft.marks),
    };
  }

  /** Who verifies: the picked account (the records wait for its confirmation), or the typed pair. */
  function verifier() {
    if (partnerMode === "account") return partner ? { partnerUserId: partner.id } : null;
    if (!partnerName.trim() || !signature.trim()) return null;
    return { verifiedBy: { name: partnerName.trim(), signature: signature.trim() } };
  }

  /** Asks the server's rules about the round; true when it may go on to the partner. */
  async function checkWithServer(): Promise<boolean> {
    try {
      const { clashes } = await utils.client.birdies.checkRound.query(roundQuery());
      setFlagged(Object.fromEntries(clashes.map((c) => [c.holeNumber, c.message])));
      // The picker learns what was recorded meanwhile (on another device, say).
      if (clashes.length) void utils.challenges.list.invalidate();
      return clashes.length === 0;
    } catch (error) {
      // No signal at the course: the picker already applied the rule to what was last seen, and
      // the server decides when the round is sent.
      if (isNetworkError(error)) return true;
      setSubmitError(errorMessage(error, "There was an error recording your birdies."));
      return false;
    }
  }

  async function onContinue(event: FormEvent) {
    event.preventDefault();
    if (state === "no-holes") {
      // Written next to the holes and read with each of them, focus on the first one; the
      // toast is the product's and no longer the only copy of the message.
      flushSync(() => setHolesError(NO_HOLES.description));
      wrapperRef.current?.querySelector<HTMLElement>("[data-hole-picker] button")?.focus();
      toast({ ...NO_HOLES, variant: "destructive" });
      return;
    }
    if (state !== "ready" || checking) return;
    setSubmitError(null);
    setChecking(true);
    const ok = await checkWithServer();
    setChecking(false);
    if (ok) toVerify();
    else
      requestAnimationFrame(() =>
        focusElement(
          wrapperRef.current?.querySelector<HTMLElement>("[data-submit-error], [data-testid='holes-clashes']") ?? null,
        ),
      );
  }

  function startAfresh(next: ChallengeListItem | undefined) {
    setDraft({ ...emptyDraft(next), date: draft.date });
    setRoundId(newRoundId());
    setPartnerName("");
    setSignature("");
    setPartner(null);
    setPartnerMode(next?.requireConfirmation ? "account" : "typed");
    setFlagged({});
    setSubmitError(null);
    clearDraft(userId, scope);
  }

  async function submitVerification() {
    // A same-frame double tap reaches here twice before React re-renders: the ref stops the second.
    const by = verifier();
    if (!challenge || !by || submitting.current) return;
    submitting.current = true;
    try {
      const outcome = await round.submit({
        challengeId: challenge.id,
        ...courseInput(draft),
        date: draft.date,
        holes: markedHoles(draft.marks),
        ...by,
        // The draft's id: every submit of this round records it once.
        clientRoundId: roundId,
      });
      if (outcome.saved) {
        // The round is on the server or in the outbox: the draft is done.
        startAfresh(challenge);
        if (outcome.result) {
          setResult({ ...outcome.result, challengeId: challenge.id, challengeName: challenge.name });
        }
        toHoles();
        return;
      }
      setSubmitError(outcome.message);
      // Back to the holes with the marks kept (docs/product/routes-and-screens.md#record-birdies);
      // a taken hole is flagged by asking the rules again on fresh data.
      if (outcome.clash) await checkWithServer();
      toHoles();
    } finally {
      submitting.current = false;
    }
  }

  function discard() {
    startAfresh(
      challenges.find((c) => c.id === lockedChallengeId) ?? (challenges.length === 1 ? challenges[0] : undefined),
    );
    announce("Round discarded");
  }

  // Shown only while still true: marking a hole answers it.
  const shownHolesError = holesError && countMarks(draft.marks).total === 0 ? holesError : null;

  if (result) {
    return (
      <div ref={wrapperRef}>
        <RoundResult
          result={result}
          onAnother={() => {
            setResult(null);
            requestAnimationFrame(() => focusElement(document.querySelector<HTMLElement>("main h1")));
          }}
        />
      </div>
    );
  }

  return (
    <div ref={wrapperRef}>
      {step === "verify" && challenge ? (
        <VerificationStep
          challenge={challenge}
          draft={draft}
          userId={userId}
          partnerMode={partnerMode}
          partner={partner}
          onPartnerMode={setPartnerMode}
          onPartner={setPartner}
          partnerName={partnerName}
          signature={signature}
          pending={round.isPending}
          onPartnerName={setPartnerName}
          onSignature={setSignature}
          onBack={toHoles}
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
          onDraft={updateDraft}
          onChooseChallenge={chooseChallenge}
          onContinue={(e) => void onContinue(e)}
          flagged={flagged}
          checking={checking}
          onDiscard={draftHasWork(draft) ? discard : null}
        />
      )}
    </div>
  );
}

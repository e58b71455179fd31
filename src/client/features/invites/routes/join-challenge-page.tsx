import { useEffect, useRef, useState } from "react";
import { Link, Navigate, useNavigate, useParams } from "../../../lib/router";
import { InvitePage } from "./invite-page";
import { CheckIcon } from "../../../components/ui/icons";
import { PageSpinner } from "../../../components/ui/page-spinner";
import { isNotFound } from "../../../lib/error-codes";
import { errorMessage } from "../../../lib/errors";
import { toast } from "../../../lib/toast";
import { useCurrentUser } from "../../../hooks/use-current-user";
import { ChallengePreviewFacts } from "../components/challenge-preview";
import { ChallengeNotFoundCard, InviteStateCard } from "../components/invite-state-card";
import { useInviteDetails, useJoinByCode } from "../hooks/use-invites";
import { usePageTitle } from "../../../hooks/use-page-title";
import {
  alreadyJoinedChallengeId,
  isAlreadyJoinedMessage,
  isWellFormedInviteCode,
  JOIN_DELAY_MS,
  NAVIGATE_AFTER_JOIN_MS,
} from "../lib/invite-flow";

/**
 * The invite link (docs/product/routes-and-screens.md#invite-join): signed out, the invitation
 * preview with Sign Up & Join / Login & Join, which come back here; signed in, it joins at once.
 */
export function JoinChallengePage() {
  const { inviteCode = "" } = useParams();
  const { user } = useCurrentUser();
  const code = inviteCode.trim();
  if (!code) return <InvalidInviteRedirect />;
  if (!user) return <InvitePage />;
  return <SignedInJoin code={code} />;
}

function SignedInJoin({ code }: { code: string }) {
  usePageTitle("Join Challenge");
  if (!isWellFormedInviteCode(code)) {
    return (
      <InviteStateCard
        title="Invalid Invitation"
        text="This invitation link is not valid. Ask your friend to send it again, or join with a PIN."
      >
        <Link to="/join" className="btn btn-primary">
          Join with PIN
        </Link>
        <Link to="/challenges" className="btn btn-ghost">
          My Challenges
        </Link>
      </InviteStateCard>
    );
  }
  return <AutoJoin code={code} />;
}

/** 'Invalid invite' (docs/product/routes-and-screens.md#invite-join): no code at all goes home. */
function InvalidInviteRedirect() {
  useEffect(() => {
    toast({
      title: "Invalid invite",
      description: "This invitation link is missing its code.",
      variant: "destructive",
    });
  }, []);
  return <Navigate to="/" replace />;
}

type JoinState = { kind: "waiting" } | { kind: "joined"; challengeId: number } | { kind: "failed"; message: string };

/**
 * Signed in: load the invitation, join after 500 ms, then open the challenge after 1 s
 * (docs/product/routes-and-screens.md#invite-join).
 */
function AutoJoin({ code }: { code: string }) {
  const navigate = useNavigate();
  const details = useInviteDetails(code);
  const join = useJoinByCode();
  const [state, setState] = useState<JoinState>({ kind: "waiting" });
  const started = useRef(false);
  const navTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(navTimer.current), []);

  const loaded = details.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: joins once when the details load; the mutation object changes identity every render
  useEffect(() => {
    if (!loaded || started.current) return;
    // The guard is set when the call fires, not when it is scheduled, so a re-run of this
    // effect (React's dev double-invoke) still joins exactly once.
    const timer = setTimeout(() => {
      if (started.current) return;
      started.current = true;
      join.mutate(
        { code },
        {
          onSuccess: (result) => {
            setState({ kind: "joined", challengeId: result.challengeId });
            toast({ title: "Challenge Joined!", description: `Welcome to ${result.name}. Good luck out there!` });
            navTimer.current = setTimeout(
              () => navigate(`/challenges/${result.challengeId}`, { replace: true }),
              NAVIGATE_AFTER_JOIN_MS,
            );
          },
          onError: (error) => {
            const message = errorMessage(error, "Failed to join challenge");
            if (isAlreadyJoinedMessage(message)) {
              const id = alreadyJoinedChallengeId(message) ?? loaded.challengeId;
              if (id) {
                toast({ title: "Already joined", description: "You're already playing in this challenge." });
                void navigate(`/challenges/${id}`, { replace: true });
                return;
              }
              toast({ title: "Failed to join challenge", description: message, variant: "destructive" });
              setState({ kind: "failed", message: "Failed to join challenge" });
              return;
            }
            toast({ title: "Failed to join challenge", description: message, variant: "destructive" });
            setState({ kind: "failed", message });
          },
        },
      );
    }, JOIN_DELAY_MS);
    return () => clearTimeout(timer);
    // `join` is left out on purpose: it changes identity every render and the call is guarded.
  }, [loaded, code, navigate]);

  if (details.isPending) return <PageSpinner label="Checking your invitation..." />;
  if (details.isError) {
    if (isNotFound(details.error)) return <ChallengeNotFoundCard />;
    return (
      <InviteStateCard
        title="Invalid Invitation"
        text={errorMessage(details.error, "We couldn't check this invitation. Please try again.")}
      >
        <button type="button" className="btn btn-primary" onClick={() => void details.refetch()}>
          Try again
        </button>
        <Link to="/challenges" className="btn btn-ghost">
          My Challenges
        </Link>
      </InviteStateCard>
    );
  }

  const preview = details.data;
  return (
    <div className="flex justify-center py-4 sm:py-8">
      <section
        aria-labelledby="join-title"
        className="card w-full max-w-xl border border-base-300 bg-base-100 shadow-sm"
      >
        <div className="card-body gap-5 p-5 sm:p-8">
          <div>
            <p className="text-sm font-medium text-primary">Invitation</p>
            <h1 id="join-title" className="break-words text-2xl font-bold tracking-tight">
              {preview.name}
            </h1>
          </div>
          <ChallengePreviewFacts preview={preview} />
          <div role="status" aria-live="polite" className="rounded-box bg-base-200 p-4 text-center">
            {state.kind === "waiting" && (
              <p className="flex items-center justify-center gap-2">
                <span className="loading loading-spinner loading-sm text-primary" aria-hidden="true" />
                Joining challenge...
              </p>
            )}
            {state.kind === "joined" && (
              <p className="flex items-center justify-center gap-2 font-medium text-success">
                <CheckIcon />
                You're in! Opening the challenge...
              </p>
            )}
            {state.kind === "failed" && <p className="font-medium text-error">{state.message}</p>}
          </div>
          {state.kind === "failed" && (
            <div className="flex flex-col gap-2 sm:flex-row sm:justify-center">
              <Link to="/challenges" className="btn btn-primary">
                My Challenges
              </Link>
              <Link to="/" className="btn btn-ghost">
                Go to Home
              </Link>
            </div>
          )}
        </div>
      </section>
    </div>
  );
}

import { useEffect } from "react";
import { Link, useNavigate, useParams } from "../../../lib/router";
import { formatChallengeDate } from "../../../../shared/domain/challenge-timing";
import { winRuleText } from "../../../../shared/domain/win-rule";
import type { InvitePreview } from "../../../../shared/schemas/invites";
import { CalendarIcon } from "../../../components/ui/icons";
import { FlagIcon, TargetIcon, TrophyIcon, UsersIcon } from "../../../components/ui/icons";
import { PageSpinner } from "../../../components/ui/page-spinner";
import { savePendingInvite } from "../../../lib/pending-invite";
import { useCurrentUser } from "../../../hooks/use-current-user";
import { ChallengePreviewFacts, PreviewRules } from "../components/challenge-preview";
import { ChallengeNotFoundCard } from "../components/invite-state-card";
import { useInvitePreview } from "../hooks/use-invites";
import { authUrlFor, INVITE_REDIRECT_MS, isWellFormedInviteCode } from "../lib/invite-flow";
import { usePageTitle } from "../../../hooks/use-page-title";

/**
 * The invitation landing page (docs/product/routes-and-screens.md#invitation): signed in it moves
 * on to joining after 1.5 s.
 */
export function InvitePage() {
  const { inviteCode = "" } = useParams();
  const code = inviteCode.trim();
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  const wellFormed = isWellFormedInviteCode(code);
  const preview = useInvitePreview(code, wellFormed);
  usePageTitle(!wellFormed || preview.isError ? "Challenge Not Found" : "Invitation", preview.data?.name);

  const signedIn = Boolean(user);
  useEffect(() => {
    if (!signedIn || !code) return;
    const timer = setTimeout(
      () => navigate(`/join-challenge/${encodeURIComponent(code)}`, { replace: true }),
      INVITE_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [signedIn, code, navigate]);

  // Back to the join page after signing up or in, which joins and opens the challenge
  // (docs/product/routes-and-screens.md#invitation). No toast: the sign-in page says what to do.
  function signInToJoin(register: boolean) {
    savePendingInvite(code);
    void navigate(authUrlFor(`/join-challenge/${code}`, register ? { tab: "register" } : {}));
  }

  if (!code || !wellFormed)
    return <ChallengeNotFoundCard text={code ? "Invalid invite link format" : "Invalid invitation link"} />;
  if (preview.isPending) return <PageSpinner label="Loading your invitation..." />;
  if (preview.isError) return <ChallengeNotFoundCard />;

  const data = preview.data;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <section
        aria-labelledby="invite-title"
        className="card overflow-hidden border border-base-300 bg-base-100 shadow-sm"
      >
        <div className="bg-gradient-to-br from-primary to-secondary p-6 text-center text-primary-content sm:p-10">
          <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-white/15 text-3xl">
            <FlagIcon />
          </span>
          <p className="mt-3 text-sm font-semibold uppercase tracking-wider opacity-90">You've Been Invited to Join</p>
          <h1 id="invite-title" className="mt-1 break-words text-2xl font-bold tracking-tight sm:text-4xl">
            {data.name}
          </h1>
          <p className="mt-2 opacity-90">{data.creatorName} wants you in this birdie challenge.</p>
        </div>
        <div className="card-body gap-6 p-5 sm:p-8">
          {signedIn ? (
            <div role="status" className="alert alert-info alert-soft">
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
              <span>Taking you to join the challenge...</span>
            </div>
          ) : (
            <div className="flex flex-col gap-2 sm:flex-row">
              <button type="button" className="btn btn-primary sm:flex-1" onClick={() => signInToJoin(true)}>
                Sign Up & Join
              </button>
              <button
                type="button"
                className="btn btn-outline btn-primary sm:flex-1"
                onClick={() => signInToJoin(false)}
              >
                Login & Join
              </button>
            </div>
          )}
          <ChallengePreviewFacts preview={data} />
          <PreviewRules rules={data.rules} />
          <Timeline preview={data} />
          <HowItWorks preview={data} />
          {signedIn && (
            <Link to={`/join-challenge/${encodeURIComponent(code)}`} className="btn btn-primary">
              Join now
            </Link>
          )}
        </div>
      </section>
    </div>
  );
}

function Timeline({ preview }: { preview: InvitePreview }) {
  const steps = [
    { label: "Challenge starts", date: formatChallengeDate(preview.startDate), done: preview.status !== "upcoming" },
    { label: "Challenge ends", date: formatChallengeDate(preview.endDate), done: preview.status === "past" },
  ];
  return (
    <section aria-labelledby="timeline-title" className="flex flex-col gap-3">
      <h2 id="timeline-title" className="text-lg font-semibold">
        Timeline
      </h2>
      <ol className="flex flex-col gap-3">
        {steps.map((step) => (
          <li key={step.label} className="flex items-center gap-3">
            <span
              className={`flex size-9 shrink-0 items-center justify-center rounded-full ${step.done ? "bg-primary text-primary-content" : "bg-base-200 text-primary"}`}
              aria-hidden="true"
            >
              <CalendarIcon />
            </span>
            <div>
              <p className="font-medium">{step.label}</p>
              <p className="text-sm text-base-content/70">{step.date}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

const HOW_IT_WORKS = [
  { icon: <UsersIcon />, title: "Join the challenge", text: "Sign in and you're added to the group straight away." },
  {
    icon: <TargetIcon />,
    title: "Record your birdies",
    text: "After each round, mark the holes you birdied or eagled; a playing partner verifies them.",
  },
];

function HowItWorks({ preview }: { preview: InvitePreview }) {
  const steps = [
    ...HOW_IT_WORKS,
    // The shared win rule (docs/product/rules.md#challenge-boards), as on the Rules & Info tab.
    { icon: <TrophyIcon />, title: "Win the challenge", text: winRuleText(preview) },
  ];
  return (
    <section aria-labelledby="how-title" className="flex flex-col gap-3">
      <h2 id="how-title" className="text-lg font-semibold">
        How it works
      </h2>
      <ol className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {steps.map((step, index) => (
          <li key={step.title} className="rounded-box bg-base-200/60 p-4">
            <span className="flex items-center gap-2 text-primary">
              <span className="text-xl" aria-hidden="true">
                {step.icon}
              </span>
              <span className="text-xs font-semibold uppercase tracking-wide">Step {index + 1}</span>
            </span>
            <p className="mt-2 font-medium">{step.title}</p>
            <p className="mt-1 text-sm text-base-content/70">{step.text}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

import { Link } from "../../../lib/router";
import type { ChallengeStatus } from "../../../../shared/domain/challenge-timing";
import { KeyIcon } from "../../../components/ui/icons";
import { FlagIcon, PlusIcon } from "../../../components/ui/icons";

const COPY: Record<ChallengeStatus, { title: string; text: string }> = {
  active: {
    title: "No Active Challenges",
    text: "You're not playing in a challenge right now. Start one or join a friend's.",
  },
  upcoming: {
    title: "No Upcoming Challenges",
    text: "Nothing scheduled yet. Plan your next challenge or join one with a PIN.",
  },
  past: { title: "No Past Challenges", text: "Finished challenges and their results will show up here." },
};

type ChallengesEmptyStateProps = { status: ChallengeStatus; hasAnyChallenge: boolean };

export function ChallengesEmptyState({ status, hasAnyChallenge }: ChallengesEmptyStateProps) {
  const copy = COPY[status];
  return (
    <div className="card border border-dashed border-base-300 bg-base-100">
      <div className="card-body items-center px-6 py-12 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-primary/10 text-2xl text-primary">
          <FlagIcon />
        </span>
        <h2 className="mt-2 text-xl font-semibold">{copy.title}</h2>
        <p className="max-w-md text-base-content/70">{copy.text}</p>
        <div className="mt-4 flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
          <Link to="/challenges/new" className="btn btn-primary">
            <PlusIcon className="text-lg" />
            Create a Challenge
          </Link>
          <Link to="/join" className="btn btn-outline btn-primary">
            <KeyIcon className="text-lg" />
            Join with PIN
          </Link>
        </div>
        {/* The Past tab also invites a golfer without any challenge to start one (docs/product/routes-and-screens.md#my-challenges). */}
        {status === "past" && !hasAnyChallenge && (
          <Link to="/challenges/new" className="btn btn-ghost btn-sm mt-2 text-primary">
            Create Your First Challenge
          </Link>
        )}
      </div>
    </div>
  );
}

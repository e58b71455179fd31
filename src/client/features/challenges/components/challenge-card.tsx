import { Link } from "../../../lib/router";
import { courseDisplayText, courseModeLabel } from "../../../../shared/domain/challenge-courses";
import { cardTimeText, challengeActionLabel, challengeStatus } from "../../../../shared/domain/challenge-timing";
import type { ChallengeListItem } from "../../../../shared/schemas/challenges";
import { ClockIcon, MapPinIcon } from "../../../components/ui/icons";
import { UsersIcon } from "../../../components/ui/icons";

type ChallengeCardProps = { challenge: ChallengeListItem; now: number };

export function playerCountText(count: number): string {
  return `${count} ${count === 1 ? "player" : "players"}`;
}

/** A My Challenges card (docs/product/routes-and-screens.md#my-challenges). */
export function ChallengeCard({ challenge, now }: ChallengeCardProps) {
  const status = challengeStatus(challenge.startDate, challenge.endDate, now);
  const titleId = `challenge-card-${challenge.id}`;
  return (
    <article
      aria-labelledby={titleId}
      className="card h-full border border-base-300 bg-base-100 shadow-sm transition-shadow hover:shadow-md"
      data-testid="challenge-card"
    >
      <div className="card-body gap-3 p-5">
        <div className="flex items-start justify-between gap-3">
          <h2 id={titleId} className="card-title min-w-0 break-words text-lg leading-snug">
            {challenge.name}
          </h2>
          {challenge.isCreator && <span className="badge badge-primary badge-sm shrink-0">Creator</span>}
        </div>

        <div className="flex flex-col gap-1.5 text-sm text-base-content/80">
          <p className="flex min-w-0 items-center gap-2">
            <MapPinIcon className="shrink-0 text-base text-primary" />
            <span className="wrap-anywhere">{courseDisplayText(challenge.courseName, challenge.courseMode)}</span>
          </p>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1.5">
            <span className="badge badge-outline badge-sm">{courseModeLabel(challenge.courseMode)}</span>
            <span className="flex items-center gap-1.5">
              <UsersIcon className="text-base text-primary" />
              {playerCountText(challenge.playerCount)}
            </span>
          </div>
        </div>

        {status === "active" && (
          <div>
            <div className="mb-1 flex justify-between text-xs text-base-content/70">
              <span>Progress</span>
              <span>{challenge.progress}%</span>
            </div>
            <progress
              className="progress progress-primary w-full"
              value={challenge.progress}
              max={100}
              aria-label={`Progress ${challenge.progress}%`}
            />
          </div>
        )}

        <p className="flex items-center gap-2 text-sm text-base-content/70">
          <ClockIcon className="shrink-0 text-base" />
          {cardTimeText(challenge.startDate, challenge.endDate, now)}
        </p>

        <div className="card-actions mt-auto pt-2">
          <Link
            to={`/challenges/${challenge.id}`}
            className={`btn btn-block ${status === "active" ? "btn-primary" : "btn-outline btn-primary"}`}
          >
            {challengeActionLabel(status)}
          </Link>
        </div>
      </div>
    </article>
  );
}

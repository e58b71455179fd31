import { courseModeLabel } from "../../../../shared/domain/challenge-courses";
import { challengeStatus, detailTimeRemainingText, formatChallengeDate } from "../../../../shared/domain/challenge-timing";
import type { ChallengeListItem, ChallengePlayer } from "../../../../shared/schemas/challenges";
import { CalendarIcon, ClockIcon, MapPinIcon } from "../../../components/ui/action-icons";
import { Avatar } from "../../../components/ui/avatar";
import { UsersIcon } from "../../../components/ui/icons";
import { EAGLE_BONUS_TEXT } from "../lib/challenge-rules";
import { playerCountText } from "./challenge-card";

type ChallengeInfoCardProps = { challenge: ChallengeListItem; players: ChallengePlayer[] | undefined; now: number };

const AVATARS_SHOWN = 5;

/** Duration, time remaining, participants and mode badges (SPEC.md §2 Challenge Info). */
export function ChallengeInfoCard({ challenge, players, now }: ChallengeInfoCardProps) {
  const status = challengeStatus(challenge.startDate, challenge.endDate, now);
  const remaining = status === "upcoming" ? `Starts ${formatChallengeDate(challenge.startDate)}` : detailTimeRemainingText(challenge.endDate, now);
  return (
    <section aria-labelledby="challenge-info-title" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4 p-5">
        <h2 id="challenge-info-title" className="card-title text-lg">
          Challenge Info
        </h2>
        <dl className="flex flex-col gap-3 text-sm">
          <InfoRow icon={<CalendarIcon />} term="Duration">
            {formatChallengeDate(challenge.startDate)} – {formatChallengeDate(challenge.endDate)}
          </InfoRow>
          <InfoRow icon={<ClockIcon />} term="Time remaining">
            <span data-testid="time-remaining">{remaining}</span>
          </InfoRow>
          <InfoRow icon={<UsersIcon />} term="Participants">
            <span className="flex flex-wrap items-center gap-2">
              {playerCountText(challenge.playerCount)}
              {players && players.length > 0 && (
                <span className="avatar-group -space-x-3" aria-hidden="true">
                  {players.slice(0, AVATARS_SHOWN).map((p) => (
                    <Avatar key={p.id} name={p.displayName} src={p.profilePicture} size="sm" className="border-2 border-base-100" />
                  ))}
                </span>
              )}
            </span>
          </InfoRow>
          <InfoRow icon={<MapPinIcon />} term="Courses">
            {challenge.courseInfo}
          </InfoRow>
        </dl>
        <ul className="flex flex-wrap gap-2" aria-label="Challenge mode">
          <li className="badge badge-primary badge-outline">{courseModeLabel(challenge.courseMode)}</li>
          {challenge.allowMultipleBirdies && <li className="badge badge-outline">Multiple birdies</li>}
          {challenge.eagleBonus && (
            <li className="badge badge-accent" title={EAGLE_BONUS_TEXT}>
              Eagle bonus
            </li>
          )}
        </ul>
      </div>
    </section>
  );
}

// A <dl> group may hold only <dt> and <dd>, so the icon lives in the term, placed in the gutter.
function InfoRow({ icon, term, children }: { icon: React.ReactNode; term: string; children: React.ReactNode }) {
  return (
    <div className="relative min-w-0 pl-7">
      <dt className="text-xs uppercase tracking-wide text-base-content/60">
        <span className="absolute left-0 top-0.5 text-base text-primary" aria-hidden="true">
          {icon}
        </span>
        {term}
      </dt>
      <dd className="break-words font-medium">{children}</dd>
    </div>
  );
}

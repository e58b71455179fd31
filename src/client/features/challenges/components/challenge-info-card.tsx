import { courseModeLabel } from "../../../../shared/domain/challenge-courses";
import { REQUIRE_CONFIRMATION_TEXT } from "../../../../shared/domain/verification";
import {
  challengeStatus,
  detailTimeRemainingText,
  formatChallengeDate,
} from "../../../../shared/domain/challenge-timing";
import type { ChallengeListItem, ChallengePlayer } from "../../../../shared/schemas/challenges";
import { CalendarIcon, ClockIcon, MapPinIcon } from "../../../components/ui/icons";
import { Avatar } from "../../../components/ui/avatar";
import { UsersIcon } from "../../../components/ui/icons";
import { EAGLE_BONUS_TEXT } from "../lib/challenge-rules";
import { playerCountText } from "./challenge-card";
import { IconFact } from "../../../components/ui/icon-fact";

type ChallengeInfoCardProps = { challenge: ChallengeListItem; players: ChallengePlayer[] | undefined; now: number };

const AVATARS_SHOWN = 5;

/** Duration, time remaining, participants and mode badges (docs/product/routes-and-screens.md#challenge-detail). */
export function ChallengeInfoCard({ challenge, players, now }: ChallengeInfoCardProps) {
  const status = challengeStatus(challenge.startDate, challenge.endDate, now);
  const remaining =
    status === "upcoming"
      ? `Starts ${formatChallengeDate(challenge.startDate)}`
      : detailTimeRemainingText(challenge.endDate, now);
  return (
    <section aria-labelledby="challenge-info-title" className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4 p-5">
        <h2 id="challenge-info-title" className="card-title text-lg">
          Challenge Info
        </h2>
        <dl className="flex flex-col gap-3 text-sm">
          <IconFact icon={<CalendarIcon />} term="Duration">
            {formatChallengeDate(challenge.startDate)} – {formatChallengeDate(challenge.endDate)}
          </IconFact>
          <IconFact icon={<ClockIcon />} term="Time remaining">
            <span data-testid="time-remaining">{remaining}</span>
          </IconFact>
          <IconFact icon={<UsersIcon />} term="Participants">
            <span className="flex flex-wrap items-center gap-2">
              {playerCountText(challenge.playerCount)}
              {players && players.length > 0 && (
                // Side by side, not overlapping: overlapped avatars clipped each other's initials.
                <span className="flex flex-wrap gap-1" aria-hidden="true">
                  {players.slice(0, AVATARS_SHOWN).map((p) => (
                    <Avatar
                      key={p.id}
                      name={p.displayName}
                      src={p.profilePicture}
                      size="sm"
                      className="border-2 border-base-100"
                    />
                  ))}
                </span>
              )}
            </span>
          </IconFact>
          <IconFact icon={<MapPinIcon />} term="Courses">
            {challenge.courseInfo}
          </IconFact>
        </dl>
        <ul className="flex flex-wrap gap-2" aria-label="Challenge mode">
          <li className="badge badge-primary badge-outline">{courseModeLabel(challenge.courseMode)}</li>
          {challenge.allowMultipleBirdies && <li className="badge badge-outline">Multiple birdies</li>}
          {challenge.eagleBonus && (
            <li className="badge badge-accent" title={EAGLE_BONUS_TEXT}>
              Eagle bonus
            </li>
          )}
          {challenge.requireConfirmation && (
            <li className="badge badge-info h-auto" title={REQUIRE_CONFIRMATION_TEXT}>
              Confirmed records only
            </li>
          )}
        </ul>
      </div>
    </section>
  );
}

import { courseModeLabel } from "../../../../shared/domain/challenge-courses";
import { cardTimeText, formatChallengeDate } from "../../../../shared/domain/challenge-timing";
import type { InvitePreview } from "../../../../shared/schemas/invites";
import { CalendarIcon, ClockIcon, MapPinIcon } from "../../../components/ui/icons";
import { UserIcon, UsersIcon } from "../../../components/ui/icons";
import { IconFact } from "../../../components/ui/icon-fact";

const STATUS_BADGE = {
  active: { label: "Active", className: "badge-success" },
  upcoming: { label: "Upcoming", className: "badge-info" },
  past: { label: "Ended", className: "badge-ghost" },
} as const;

/** Name, creator, dates, players and courses of a previewed challenge (share and invite pages). */
export function ChallengePreviewFacts({ preview }: { preview: InvitePreview }) {
  const badge = STATUS_BADGE[preview.status];
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap gap-2">
        <span className={`badge ${badge.className}`}>{badge.label}</span>
        <span className="badge badge-outline">{courseModeLabel(preview.courseMode)}</span>
      </div>
      <dl className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2">
        <IconFact look="tile" icon={<UserIcon />} term="Created by">
          {preview.creatorName}
        </IconFact>
        <IconFact look="tile" icon={<UsersIcon />} term="Players">
          {preview.playerCount} {preview.playerCount === 1 ? "player" : "players"}
        </IconFact>
        <IconFact look="tile" icon={<CalendarIcon />} term="Dates">
          {formatChallengeDate(preview.startDate)} – {formatChallengeDate(preview.endDate)}
        </IconFact>
        <IconFact look="tile" icon={<ClockIcon />} term="Status">
          {cardTimeText(preview.startDate, preview.endDate)}
        </IconFact>
        <IconFact
          look="tile"
          icon={<MapPinIcon />}
          term={preview.courseMode === "hybrid" ? "Courses" : "Course"}
          className="sm:col-span-2"
        >
          {preview.courseInfo}
        </IconFact>
      </dl>
      {preview.description && (
        <p className="whitespace-pre-line break-words text-sm text-base-content/80">{preview.description}</p>
      )}
    </div>
  );
}

export function PreviewRules({ rules }: { rules: string | null }) {
  return (
    <section aria-labelledby="preview-rules-title" className="flex flex-col gap-2">
      <h2 id="preview-rules-title" className="text-lg font-semibold">
        Rules
      </h2>
      {rules ? (
        <p className="whitespace-pre-line break-words text-base-content/80">{rules}</p>
      ) : (
        <p className="text-base-content/70">Birdie as many different holes as you can. No extra house rules.</p>
      )}
    </section>
  );
}

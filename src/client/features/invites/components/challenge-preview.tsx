import type { ReactNode } from "react";
import { courseModeLabel } from "../../../../shared/domain/challenge-courses";
import { cardTimeText, formatChallengeDate } from "../../../../shared/domain/challenge-timing";
import type { InvitePreview } from "../../../../shared/schemas/invites";
import { CalendarIcon, ClockIcon, MapPinIcon } from "../../../components/ui/action-icons";
import { UserIcon, UsersIcon } from "../../../components/ui/icons";

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
        <Fact icon={<UserIcon />} term="Created by">
          {preview.creatorName}
        </Fact>
        <Fact icon={<UsersIcon />} term="Players">
          {preview.playerCount} {preview.playerCount === 1 ? "player" : "players"}
        </Fact>
        <Fact icon={<CalendarIcon />} term="Dates">
          {formatChallengeDate(preview.startDate)} – {formatChallengeDate(preview.endDate)}
        </Fact>
        <Fact icon={<ClockIcon />} term="Status">
          {cardTimeText(preview.startDate, preview.endDate)}
        </Fact>
        <Fact icon={<MapPinIcon />} term={preview.courseMode === "hybrid" ? "Courses" : "Course"} className="sm:col-span-2">
          {preview.courseInfo}
        </Fact>
      </dl>
      {preview.description && <p className="whitespace-pre-line break-words text-sm text-base-content/80">{preview.description}</p>}
    </div>
  );
}

// A <dl> group may hold only <dt> and <dd>, so the icon lives in the term, placed in the gutter.
export function Fact({ icon, term, children, className = "" }: { icon: ReactNode; term: string; children: ReactNode; className?: string }) {
  return (
    <div className={`relative min-w-0 rounded-box bg-base-200/60 py-3 pl-10 pr-3 ${className}`}>
      <dt className="text-xs uppercase tracking-wide text-base-content/60">
        <span className="absolute left-3 top-3.5 text-base text-primary" aria-hidden="true">
          {icon}
        </span>
        {term}
      </dt>
      <dd className="break-words font-medium">{children}</dd>
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

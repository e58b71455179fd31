import { FLAG_RULE_TITLES } from "../../../../shared/domain/fairplay";
import { ShieldIcon } from "../../../components/ui/icons";
import { trpc } from "../../../lib/trpc";

/**
 * The creator's view of fair-play flags on their challenge's records (docs/product/rules.md#fair-play-flags):
 * a badge and the explanation of each open flag. Rendered for the creator only (the server answers
 * 403 to anyone else); flags inform, they never block recording.
 */
export function FairPlayFlagsCard({ challengeId }: { challengeId: number }) {
  const flags = trpc.fairplay.challengeFlags.useQuery({ id: challengeId }, { retry: false });
  if (!flags.data?.length) return null;
  const headingId = `fair-play-${challengeId}`;
  return (
    <section aria-labelledby={headingId} className="card border border-warning/60 bg-base-100 shadow-sm">
      <div className="card-body gap-3 p-4 sm:p-6">
        <h2 id={headingId} className="card-title flex-wrap text-lg">
          <ShieldIcon className="text-warning" />
          Fair-play flags
          <span className="badge badge-warning">{flags.data.length}</span>
        </h2>
        <p className="text-sm text-base-content/70">
          Only you, the creator, see these. They point at records worth a second look; nothing was blocked.
        </p>
        <ul className="space-y-3">
          {flags.data.map((f) => (
            <li key={f.id} className="rounded-box border border-base-300 p-3" data-testid="fair-play-flag">
              <p className="flex flex-wrap items-center gap-2 font-semibold">
                <span className="badge badge-sm badge-warning">Flagged</span>
                {FLAG_RULE_TITLES[f.rule]}
              </p>
              <p className="mt-1 break-words text-sm">{f.explanation}</p>
              <p className="mt-1 text-xs text-base-content/70">
                {f.recordIds.length === 1 ? "1 record" : `${f.recordIds.length} records`} in this challenge
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

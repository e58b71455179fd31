import { PageSpinner } from "../../../components/ui/page-spinner";
import type { AdminChallenge, AdminChallengeDetail } from "../../../../shared/schemas/admin";
import { useAdminChallengeDetail } from "../hooks/use-admin";
import { formatCount, plural } from "../lib/format";
import { formatChallengeDate } from "../../../../shared/domain/challenge-timing";
import { ChallengeStatusBadge } from "./badges";
import { Dialog } from "../../../components/ui/dialog";
import { Fact } from "./fact";
import { QueryError } from "./query-error";
import { RecordsTable } from "./records-table";

const TIEBREAKER_LABELS: Record<string, string> = {
  mostBirdies: "Most birdies",
  firstToThreshold: "First to the threshold",
  firstToComplete: "First to complete all 18",
};

type ChallengeDetailDrawerProps = {
  challengeId: number | null;
  onClose: () => void;
  onDelete: (challenge: AdminChallenge) => void;
};

/** One challenge: its settings, players (with points) and records, and the delete action. */
export function ChallengeDetailDrawer({ challengeId, onClose, onDelete }: ChallengeDetailDrawerProps) {
  const detail = useAdminChallengeDetail(challengeId);
  const challenge = detail.data?.challenge;
  return (
    <Dialog
      placement="drawer"
      closeLabel="Close"
      open={challengeId !== null}
      onClose={onClose}
      title={challenge?.name ?? "Challenge"}
      subtitle={
        challenge
          ? `Created by ${challenge.creator.displayName || challenge.creator.username} (@${challenge.creator.username})`
          : undefined
      }
      footer={
        challenge && (
          <button type="button" className="btn btn-sm btn-error" onClick={() => onDelete(challenge)}>
            Delete challenge
          </button>
        )
      }
    >
      {detail.isPending ? (
        <PageSpinner label="Loading challenge..." />
      ) : detail.isError ? (
        <QueryError error={detail.error} onRetry={() => detail.refetch()} what="this challenge" />
      ) : (
        <ChallengeDetailBody detail={detail.data} />
      )}
    </Dialog>
  );
}

function ChallengeDetailBody({ detail }: { detail: AdminChallengeDetail }) {
  const { challenge, players, records, recordTotal } = detail;
  return (
    <div className="space-y-6">
      <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm">
        <Fact label="Status">
          <ChallengeStatusBadge status={challenge.status} />
        </Fact>
        <Fact label="Dates">
          {formatChallengeDate(challenge.startDate)} – {formatChallengeDate(challenge.endDate)}
        </Fact>
        <Fact label={challenge.courseMode === "hybrid" ? "Courses (any course)" : "Course"}>
          {challenge.courseNames.join(", ") || "—"}
        </Fact>
        <Fact label="Tiebreaker">{TIEBREAKER_LABELS[challenge.tiebreaker] ?? challenge.tiebreaker}</Fact>
        <Fact label="Rules">
          {[
            challenge.allowMultipleBirdies ? "Multiple birdies per hole" : "One record per hole",
            challenge.eagleBonus ? "eagle bonus" : null,
          ]
            .filter(Boolean)
            .join(", ")}
        </Fact>
        <Fact label="Chat">{plural(challenge.messageCount, "message")}</Fact>
        {challenge.description && (
          <div className="col-span-2">
            <Fact label="Description">
              <span className="whitespace-pre-wrap break-words">{challenge.description}</span>
            </Fact>
          </div>
        )}
      </dl>

      <section aria-labelledby="challenge-players-title" className="space-y-2">
        <h3 id="challenge-players-title" className="font-semibold">
          Players ({formatCount(players.length)})
        </h3>
        <div className="overflow-x-auto rounded-box border border-base-300">
          <table className="table table-sm">
            <thead>
              <tr>
                <th scope="col">Player</th>
                <th scope="col" className="text-right">
                  Points
                </th>
                <th scope="col" className="text-right">
                  Records
                </th>
                <th scope="col">Joined</th>
              </tr>
            </thead>
            <tbody>
              {players.map((p) => (
                <tr key={p.id}>
                  <td className="max-w-56">
                    <span className="block truncate font-medium">
                      {p.displayName || p.username}
                      {p.isCreator && (
                        <span className="badge badge-xs badge-soft badge-accent ml-2 align-middle">Creator</span>
                      )}
                    </span>
                    <span className="block truncate text-xs text-base-content/60">@{p.username}</span>
                  </td>
                  <td className="text-right tabular-nums">{formatCount(p.points)}</td>
                  <td className="text-right tabular-nums">{formatCount(p.recordCount)}</td>
                  <td className="whitespace-nowrap">{formatChallengeDate(p.joinedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="challenge-records-title" className="space-y-2">
        <h3 id="challenge-records-title" className="font-semibold">
          Records ({formatCount(recordTotal)})
        </h3>
        <RecordsTable records={records} total={recordTotal} show="player" />
      </section>
    </div>
  );
}

import { typeLabel } from "../../../../shared/domain/scoring";
import type { AdminRecord } from "../../../../shared/schemas/admin";
import { formatDateTime, plural } from "../lib/format";
import { formatChallengeDate } from "../../../../shared/domain/challenge-timing";
import { StatusBadge } from "../../verification/public";

type RecordsTableProps = {
  records: readonly AdminRecord[];
  total: number;
  /** Which side of the record the context already names: a user's records show the challenge, a challenge's the player. */
  show: "challenge" | "player";
};

/** Birdie records, newest first, scrolling sideways inside its own box on narrow screens. */
export function RecordsTable({ records, total, show }: RecordsTableProps) {
  if (records.length === 0) return <p className="text-sm text-base-content/70">No birdies recorded yet.</p>;
  return (
    <div className="space-y-2">
      <div className="overflow-x-auto rounded-box border border-base-300">
        <table className="table table-sm">
          <thead>
            <tr>
              <th scope="col">{show === "challenge" ? "Challenge" : "Player"}</th>
              <th scope="col">Hole</th>
              <th scope="col">Result</th>
              <th scope="col">Course</th>
              <th scope="col">Played</th>
              <th scope="col">Verified by</th>
              <th scope="col">Status</th>
              <th scope="col">Recorded</th>
            </tr>
          </thead>
          <tbody>
            {records.map((r) => (
              <tr key={r.id} className={r.counted ? "" : "opacity-60"}>
                <td className="max-w-48 truncate">
                  {show === "challenge" ? r.challengeName : r.displayName || r.username}
                </td>
                <td className="tabular-nums">{r.holeNumber}</td>
                <td className="whitespace-nowrap">
                  {typeLabel(r.score)}
                  {!r.counted && <span className="ml-1 text-xs">(superseded)</span>}
                </td>
                <td className="max-w-40 truncate">{r.courseName}</td>
                <td className="whitespace-nowrap">{formatChallengeDate(`${r.datePlayed}T12:00:00Z`, "UTC")}</td>
                <td className="max-w-32 truncate">{r.verifierName}</td>
                <td>
                  <StatusBadge status={r.verificationStatus} counted={r.counted} />
                </td>
                <td className="whitespace-nowrap text-base-content/70">{formatDateTime(r.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {total > records.length && (
        <p className="text-xs text-base-content/60">
          Showing the newest {records.length} of {plural(total, "record")}.
        </p>
      )}
    </div>
  );
}

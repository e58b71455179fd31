import type { AuditEntry } from "../../../../shared/schemas/admin";
import { auditDetailText, auditSentence, formatDateTime } from "../lib/format";

/** Audit entries as sentences: who did what to whom, and when. */
export function AuditList({ entries }: { entries: readonly AuditEntry[] }) {
  return (
    <ol className="divide-y divide-base-300">
      {entries.map((entry) => {
        const { actor, action, target } = auditSentence(entry);
        const detail = auditDetailText(entry);
        return (
          <li
            key={entry.id}
            className="flex flex-col gap-0.5 py-2.5 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4"
          >
            <p className="min-w-0 break-words text-sm">
              <span className="font-semibold">{actor}</span> {action} <span className="font-medium">{target}</span>
              {detail && <span className="text-base-content/60"> ({detail})</span>}
            </p>
            <time dateTime={entry.createdAt} className="shrink-0 text-xs text-base-content/60">
              {formatDateTime(entry.createdAt)}
            </time>
          </li>
        );
      })}
    </ol>
  );
}

import { dateTimeText, monthDayText } from "../../../../shared/domain/date-text";
import type { ChallengeStatus } from "../../../../shared/domain/challenge-timing";
import type { AuditEntry } from "../../../../shared/schemas/admin";
import type { SupportType } from "../../../../shared/schemas/support";

// Texts of the admin pages. The locale is fixed (as elsewhere in the app) so every admin reads the
// same formats; times show in the viewer's zone unless a test passes one.

// Made on first use: a module-level Intl object loads locale data when the shared chunk this
// module lands in is evaluated, on pages that never show a count (shared/domain/date-text.ts).
let numberFormat: Intl.NumberFormat | undefined;

export function formatCount(n: number): string {
  numberFormat ??= new Intl.NumberFormat("en-US");
  return numberFormat.format(n);
}

/** "Mar 10, 2026, 2:05 PM": the app's one wording for a moment (shared/domain/date-text.ts). */
export function formatDateTime(iso: string, timeZone?: string): string {
  return dateTimeText(Date.parse(iso), timeZone);
}

/** A calendar day from the server ("2026-03-10", a UTC day) as "Mar 10". */
export function formatDay(day: string): string {
  return monthDayText(Date.parse(`${day}T00:00:00Z`), "UTC");
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${formatCount(n)} ${n === 1 ? one : many}`;
}

export const SUPPORT_TYPE_LABELS: Record<SupportType, string> = {
  bug: "Bug report",
  feature: "Feature request",
  question: "Question",
  other: "Other",
};

export const CHALLENGE_STATUS_LABELS: Record<ChallengeStatus, string> = {
  active: "Active",
  upcoming: "Upcoming",
  past: "Past",
};

const actionVerbs: Record<AuditEntry["action"], string> = {
  "user.grant_admin": "granted admin rights to",
  "user.revoke_admin": "revoked admin rights from",
  "user.disable": "disabled",
  "user.enable": "enabled",
  "user.send_reset_link": "mailed a password reset link to",
  "user.create_reset_link": "made a one-time password reset link for",
  "challenge.delete": "deleted challenge",
  "support.resolve": "resolved support request",
  "support.reopen": "reopened support request",
  "support.reply": "replied to support request",
  "record.void": "voided the record",
  "record.restore": "restored the record",
  "flag.dismiss": "dismissed fair-play flag",
  "flag.void_records": "voided the records of fair-play flag",
  "flag.disable_user": "disabled the golfer of fair-play flag",
};

function targetText(entry: AuditEntry): string {
  const label = entry.targetLabel;
  if (entry.targetType === "user") return label ? `@${label}` : `user #${entry.targetId}`;
  if (label) return `“${label}”`;
  return `#${entry.targetId}`;
}

/** "Club Admin disabled @bob" — who did what to whom, for the audit lists. */
export function auditSentence(entry: AuditEntry): { actor: string; action: string; target: string } {
  const actor = entry.actor ? entry.actor.displayName || entry.actor.username : "A deleted admin";
  return { actor, action: actionVerbs[entry.action] ?? entry.action, target: targetText(entry) };
}

/** Extra facts an entry carries ("2 sessions revoked", "3 records, 1 message removed"). */
export function auditDetailText(entry: AuditEntry): string | null {
  const d = entry.details;
  if (entry.action === "user.disable" && typeof d.revokedSessions === "number") {
    return `${plural(d.revokedSessions, "session")} revoked`;
  }
  if (entry.action === "challenge.delete") {
    const parts: string[] = [];
    if (typeof d.players === "number") parts.push(plural(d.players, "player"));
    if (typeof d.records === "number") parts.push(plural(d.records, "record"));
    if (typeof d.messages === "number") parts.push(plural(d.messages, "message"));
    return parts.length ? `with ${parts.join(", ")}` : null;
  }
  return null;
}

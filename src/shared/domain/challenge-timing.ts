// Challenge timing rules (docs/product/rules.md#challenge-timing), shared by the server (list
// `status`) and the client (cards, tabs, detail page). `now` is always a parameter so the rules are
// testable at exact instants.

import { monthDayYearText } from "./date-text";

export type ChallengeStatus = "upcoming" | "active" | "past";

type DateLike = Date | string | number;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

const toMs = (d: DateLike): number => (d instanceof Date ? d.getTime() : new Date(d).getTime());

/** Upcoming before the start, active from start to end (both instants included), past after the end. */
export function challengeStatus(startDate: DateLike, endDate: DateLike, now: DateLike = Date.now()): ChallengeStatus {
  const t = toMs(now);
  if (t < toMs(startDate)) return "upcoming";
  if (t > toMs(endDate)) return "past";
  return "active";
}

/**
 * The first instant after `now` at which challengeStatus gives another answer (the start, or the
 * millisecond after the end); Infinity once the challenge is past. A server that keeps an answer
 * showing the status keeps it until then (ADR 0062).
 */
export function nextStatusChange(startDate: DateLike, endDate: DateLike, now: DateLike = Date.now()): number {
  const t = toMs(now);
  const start = toMs(startDate);
  if (t < start) return start;
  const end = toMs(endDate);
  if (t <= end) return end + 1;
  return Number.POSITIVE_INFINITY;
}

/** Whole days and remaining whole hours until `endDate` (zero once it has passed). */
export function timeRemaining(endDate: DateLike, now: DateLike = Date.now()): { days: number; hours: number } {
  const left = Math.max(0, toMs(endDate) - toMs(now));
  return { days: Math.floor(left / DAY_MS), hours: Math.floor((left % DAY_MS) / HOUR_MS) };
}

/**
 * "Jan 5, 2026". The locale is fixed so every golfer sees the same text, the one the product's
 * cards show (docs/product/rules.md#time-texts); the time zone defaults to the viewer's (tests pass
 * "UTC"); date-text.ts writes it.
 */
export function formatChallengeDate(date: DateLike, timeZone?: string): string {
  return monthDayYearText(toMs(date), timeZone);
}

/** The time line of a My Challenges card: 'Starts {date}', '{d}d {h}h remaining' or 'Ended {date}'. */
export function cardTimeText(
  startDate: DateLike,
  endDate: DateLike,
  now: DateLike = Date.now(),
  timeZone?: string,
): string {
  const status = challengeStatus(startDate, endDate, now);
  if (status === "upcoming") return `Starts ${formatChallengeDate(startDate, timeZone)}`;
  if (status === "past") return `Ended ${formatChallengeDate(endDate, timeZone)}`;
  const { days, hours } = timeRemaining(endDate, now);
  return `${days}d ${hours}h remaining`;
}

export const CHALLENGE_ENDED_TEXT = "This challenge has ended";

/** The detail page's Challenge Info line: 'N days and M hours remaining' or 'This challenge has ended'. */
export function detailTimeRemainingText(endDate: DateLike, now: DateLike = Date.now()): string {
  if (toMs(now) > toMs(endDate)) return CHALLENGE_ENDED_TEXT;
  const { days, hours } = timeRemaining(endDate, now);
  return `${days} days and ${hours} hours remaining`;
}

/**
 * Where an upcoming challenge would offer Record Birdie: when it starts (recording opens then,
 * docs/product/rules.md#recording-window).
 */
export function startsText(startDate: DateLike): string {
  return `Starts ${formatChallengeDate(startDate)}`;
}

/** The card button: View Challenge (active), View Details (upcoming), View Results (past). */
export function challengeActionLabel(status: ChallengeStatus): string {
  return status === "active" ? "View Challenge" : status === "upcoming" ? "View Details" : "View Results";
}

/** The My Challenges tabs; each keeps the list's order. */
export function partitionByStatus<T extends { startDate: DateLike; endDate: DateLike }>(
  challenges: readonly T[],
  now: DateLike = Date.now(),
): Record<ChallengeStatus, T[]> {
  const out: Record<ChallengeStatus, T[]> = { active: [], upcoming: [], past: [] };
  for (const c of challenges) out[challengeStatus(c.startDate, c.endDate, now)].push(c);
  return out;
}

/** The dashboard's current challenge: the first in the list whose end date is still in the future. */
export function currentChallenge<T extends { endDate: DateLike }>(
  challenges: readonly T[],
  now: DateLike = Date.now(),
): T | null {
  const t = toMs(now);
  return challenges.find((c) => toMs(c.endDate) > t) ?? null;
}

/** The create form's default end: 30 days after the start (docs/product/rules.md#status). */
export const DEFAULT_CHALLENGE_DAYS = 30;
export function defaultEndDate(startDate: DateLike): Date {
  return new Date(toMs(startDate) + DEFAULT_CHALLENGE_DAYS * DAY_MS);
}

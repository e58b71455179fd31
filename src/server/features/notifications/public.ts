import type { Db } from "../../db/client";
import { enqueueJob, enqueueJobs, type JobSpec } from "../../jobs/queue";

// What other features call to announce an event (ADR 0033). Each call enqueues a job through the
// caller's transaction, so nothing is announced for a write that rolls back, and the request does
// no more than one insert: the job's handler (jobs.ts) works out who is told, what, and by which
// channel. This module imports no other feature, so the edges stay one-way: features -> here,
// and jobs.ts -> their queries.

export const NOTIFICATION_JOBS = {
  joined: "notifications.challenge-joined",
  round: "notifications.round-recorded",
  schedule: "notifications.challenge-schedule",
  supportReply: "notifications.support-reply",
  partnerNamed: "notifications.partner-named",
  recordStatus: "notifications.record-status",
} as const;

export type JoinedPayload = { challengeId: number; userId: number };
export type RoundPayload = {
  challengeId: number;
  userId: number;
  recordIds: number[];
  birdies: number;
  eagles: number;
  /**
   * The golfer's challenge_standings row just before the round (JSON; null: no counting record
   * yet), taken under the membership lock: who was overtaken is ranked from the standings, the one
   * ranking (leaderboards/queries.ts). Absent in jobs an older release enqueued: no "overtaken" then.
   */
  before?: Record<string, unknown> | null;
};
export type ScheduledEvent = "starts" | "ends_soon" | "ended";
/** `at`: the date the event was scheduled from (ISO); a challenge edited since makes it stale. */
export type SchedulePayload = { challengeId: number; event: ScheduledEvent; at: string };
export type SupportReplyPayload = { replyId: number };
/** A golfer named `partnerUserId`'s account as the partner of these records (one round). */
export type PartnerNamedPayload = { challengeId: number; userId: number; partnerUserId: number; recordIds: number[] };
/** A record's status changed (its history row `eventId`): its golfer is told. */
export type RecordStatusPayload = { eventId: number };

const DAY_MS = 86_400_000;

export const notificationEvents = {
  /** Someone joined a challenge: its other players are told. */
  challengeJoined: (db: Db, payload: JoinedPayload) => enqueueJob(db, NOTIFICATION_JOBS.joined, payload),

  /** A player recorded a round (one or more holes at once): one notification per round. */
  roundRecorded: (db: Db, payload: RoundPayload) =>
    enqueueJob(db, NOTIFICATION_JOBS.round, payload, {
      dedupeKey: `round:${Math.min(...payload.recordIds)}`,
    }),

  /** A golfer named a partner's account: the partner is asked to confirm or dispute (ADR 0040). */
  partnerNamed: (db: Db, payload: PartnerNamedPayload) =>
    enqueueJob(db, NOTIFICATION_JOBS.partnerNamed, payload, {
      dedupeKey: `partner-named:${Math.min(...payload.recordIds)}`,
    }),

  /** A record was confirmed, disputed, voided or restored by someone else: its golfer is told why. */
  recordStatusChanged: (db: Db, payload: RecordStatusPayload) =>
    enqueueJob(db, NOTIFICATION_JOBS.recordStatus, payload, { dedupeKey: `record-status:${payload.eventId}` }),

  /** An admin replied to a support request. */
  supportReplied: (db: Db, payload: SupportReplyPayload) =>
    enqueueJob(db, NOTIFICATION_JOBS.supportReply, payload, { dedupeKey: `support-reply:${payload.replyId}` }),

  /**
   * The reminders of a challenge's dates: starts tomorrow (24 h before the start), ends in 24 h,
   * and ended. Each is keyed by challenge, event and date, so scheduling again (every process at
   * start, every edit) adds nothing, and an edited date gets its own reminder while the old one
   * finds itself stale when it runs. Reminders whose time has passed are not scheduled, except
   * "ended", which is told however late.
   */
  scheduleChallenge: (db: Db, challenge: ScheduledChallenge, at: Date = new Date()): Promise<number> =>
    enqueueJobs(db, challengeReminderJobs(challenge, at)),
};

type ScheduledChallenge = { id: number; startDate: Date; endDate: Date };

/**
 * The reminder jobs of a challenge's dates (see scheduleChallenge), as values: the start-up
 * scheduler gathers every open challenge's and adds them in a few statements.
 */
export function challengeReminderJobs(challenge: ScheduledChallenge, at: Date = new Date()): JobSpec[] {
  const start = challenge.startDate.getTime();
  const end = challenge.endDate.getTime();
  const plan: [ScheduledEvent, Date, number][] = [
    ["starts", challenge.startDate, start - DAY_MS],
    ["ends_soon", challenge.endDate, end - DAY_MS],
    ["ended", challenge.endDate, end],
  ];
  const specs: JobSpec[] = [];
  for (const [event, date, runAt] of plan) {
    if (event !== "ended" && runAt <= at.getTime()) continue;
    // "Ends in 24 h" makes no sense for a challenge shorter than a day: it would come before the start.
    if (event === "ends_soon" && runAt < start) continue;
    const iso = date.toISOString();
    specs.push({
      kind: NOTIFICATION_JOBS.schedule,
      payload: { challengeId: challenge.id, event, at: iso } satisfies SchedulePayload,
      opts: { runAt: new Date(runAt), dedupeKey: `challenge:${challenge.id}:${event}:${iso}` },
    });
  }
  return specs;
}

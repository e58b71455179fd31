import type { JobHandler, JobHandlers } from "../../jobs/runner";
import { findChallenge, memberIdsOf } from "../challenges/queries";
import { rankChallenges, ranksBeforeAndAfter } from "../leaderboards/queries";
import { replyWithRequest } from "../support/queries";
import { displayNameOf } from "../users/queries";
import { recordsForNotice, statusEventForNotice } from "../verification/queries";
import { enqueueJob } from "../../jobs/queue";
import { together } from "../../db/together";
import { mailTemplates } from "../mail/public";
import { notify, notifyEach, settingsFor } from "./notify";
import {
  NOTIFICATION_JOBS,
  type JoinedPayload,
  type PartnerNamedPayload,
  type RecordStatusPayload,
  type RoundPayload,
  type SchedulePayload,
  type SupportReplyPayload,
} from "./public";
import { notificationText } from "./texts";
import type { NotificationKind } from "../../../shared/schemas/notifications";

// The handlers of the events other features enqueue (public.ts): each works out who is told and
// what, from the database as it is when the job runs (ADR 0033). Every notification carries a
// dedupe key, so a job run again after a lost lease tells nobody twice.

const challengeUrl = (id: number) => `/challenges/${id}`;
const boardUrl = (id: number) => `/leaderboard/${id}`;

const challengeJoined: JobHandler = async (payload: JoinedPayload, { deps }) => {
  const db = deps.database.db;
  const challenge = await findChallenge(db, payload.challengeId);
  if (!challenge) return;
  const [members, name] = await Promise.all([memberIdsOf(db, challenge.id), displayNameOf(db, payload.userId)]);
  // Gone again before the job ran: nothing to tell.
  if (!members.includes(payload.userId)) return;
  await notify(
    db,
    members.filter((id) => id !== payload.userId),
    "challenge_joined",
    notificationText.joined(name, challenge.name),
    challengeUrl(challenge.id),
    { dedupeKey: `joined:${challenge.id}:${payload.userId}`, env: deps.env },
  );
};

/**
 * One round: every other player hears of it (rival_round), and those it overtook hear that too.
 * "Overtook": ranked ahead of the golfer on the board with the golfer's standing from before the
 * round (the payload's `before`), behind them on the board now. Both boards are the one ranking
 * of the trigger-kept standings (leaderboards/queries.ts), never an aggregation of the records,
 * read together in one statement that also names the members (every member has a rank).
 */
const roundRecorded: JobHandler = async (payload: RoundPayload, { deps, finishWith }) => {
  if (!payload.recordIds.length) return;
  const key = `round:${Math.min(...payload.recordIds)}`;
  // A payload enqueued before `before` existed: the rivals hear of the round, nobody of being overtaken.
  const asOf = payload.before === undefined ? undefined : { userId: payload.userId, standing: payload.before };
  // One transaction, in three round trips on PostgreSQL (ADR 0066): the reads together, then every
  // notification of the round (one statement) with the job's completion, then the commit. It was
  // eight to eleven statements, each its own round trip, in one to three transactions (issue 19).
  await deps.database.db.transaction(async (tx) => {
    const [challenge, ranks, name] = await together([
      findChallenge(tx, payload.challengeId),
      asOf ? ranksBeforeAndAfter(tx, payload.challengeId, asOf) : undefined,
      displayNameOf(tx, payload.userId),
    ]);
    if (!challenge) return;
    const members = ranks ? ranks.map((r) => r.user_id) : await memberIdsOf(tx, challenge.id);
    const others = members.filter((id) => id !== payload.userId);
    const mine = ranks?.find((r) => r.user_id === payload.userId);
    const overtaken =
      ranks && mine
        ? ranks.filter(
            (is) => is.user_id !== payload.userId && is.rank_before < mine.rank_before && is.rank > mine.rank,
          )
        : [];
    // The rivals' notifications and each overtaken golfer's own (their rank) in one statement.
    const url = boardUrl(challenge.id);
    const roundText = notificationText.round(name, challenge.name, payload.birdies, payload.eagles);
    await together([
      notifyEach(
        tx,
        [
          ...others.map((userId) => ({ userId, kind: "rival_round" as const, text: roundText, url, dedupeKey: key })),
          ...overtaken.map((is) => ({
            userId: is.user_id,
            kind: "overtaken" as const,
            text: notificationText.overtaken(name, challenge.name, is.rank, is.total_players),
            url,
            dedupeKey: `overtaken:${key}`,
          })),
        ],
        { env: deps.env },
      ),
      finishWith(tx),
    ]);
  });
};

/** Starts tomorrow, ends in 24 h, ended: to every player, with their standing where it has one. */
const challengeSchedule: JobHandler = async (payload: SchedulePayload, { deps }) => {
  const db = deps.database.db;
  const challenge = await findChallenge(db, payload.challengeId);
  if (!challenge) return;
  const date = payload.event === "starts" ? challenge.startDate : challenge.endDate;
  // The dates were edited since: the reminder for the new date is its own job.
  if (date.toISOString() !== payload.at) return;
  const dedupeKey = `challenge:${challenge.id}:${payload.event}:${payload.at}`;
  if (payload.event === "starts") {
    await notify(
      db,
      await memberIdsOf(db, challenge.id),
      "challenge_starts",
      notificationText.starts(challenge.name),
      challengeUrl(challenge.id),
      { dedupeKey, env: deps.env },
    );
    return;
  }
  const board = await rankChallenges(db, [challenge.id], { countsUpTo: 0 });
  // Nobody wins a challenge in which nobody scored.
  const winners = board.filter((r) => r.rank === 1 && r.points > 0);
  const kind: NotificationKind = payload.event === "ends_soon" ? "challenge_ends_soon" : "challenge_ended";
  // Every player's own text (their rank) in one statement and one transaction, not one each.
  const items = board.map((row) => ({
    userId: row.user_id,
    kind,
    text:
      payload.event === "ends_soon"
        ? notificationText.endsSoon(challenge.name, row.rank, row.total_players)
        : winners.some((w) => w.user_id === row.user_id)
          ? notificationText.won(
              challenge.name,
              winners.filter((w) => w.user_id !== row.user_id).map((w) => w.display_name),
            )
          : winners.length
            ? notificationText.ended(
                challenge.name,
                row.rank,
                row.total_players,
                winners.map((w) => w.display_name),
              )
            : notificationText.endedNoWinner(challenge.name),
    url: boardUrl(challenge.id),
    dedupeKey,
  }));
  await db.transaction((tx) => notifyEach(tx, items, { env: deps.env }));
};

/**
 * A support reply: mailed to the address the request came from (as the support page promises),
 * and shown in-app to its sender when they were signed in. A signed-in sender who turned support
 * e-mails off gets the in-app notification (and push, per their setting) only.
 */
const supportReplied: JobHandler = async (payload: SupportReplyPayload, { deps }) => {
  const db = deps.database.db;
  const reply = await replyWithRequest(db, payload.replyId);
  if (!reply) return;
  const dedupeKey = `support-reply:${reply.replyId}`;
  let mail = true;
  if (reply.userId !== null) {
    await notify(
      db,
      [reply.userId],
      "support_reply",
      notificationText.supportReply(reply.subject, reply.message),
      "/support",
      { dedupeKey, env: deps.env, mail: false },
    );
    mail = (await settingsFor(db, [reply.userId], "support_reply")).get(reply.userId)?.email ?? true;
  }
  if (mail) {
    await enqueueJob(db, "mail.send", mailTemplates.supportReplyMail(reply.email, reply.subject, reply.message), {
      dedupeKey: `mail:${dedupeKey}`,
    });
  }
};

/** The page where the partner confirms or disputes the records (and the bell's Confirm reads the ids). */
export const verificationsUrl = (recordIds: readonly number[]) => `/verifications?records=${recordIds.join(",")}`;

/** A golfer named a partner's account: the partner is asked about the records still pending. */
const partnerNamed: JobHandler = async (payload: PartnerNamedPayload, { deps }) => {
  const db = deps.database.db;
  const records = (await recordsForNotice(db, payload.recordIds)).filter(
    (r) => r.status === "pending" && r.partnerUserId === payload.partnerUserId,
  );
  const first = records[0];
  if (!first) return;
  const name = await displayNameOf(db, payload.userId);
  await notify(
    db,
    [payload.partnerUserId],
    "verification_request",
    notificationText.verificationRequest(name, first.challengeName, records),
    verificationsUrl(records.map((r) => r.id)),
    {
      dedupeKey: `partner-named:${Math.min(...payload.recordIds)}`,
      env: deps.env,
      subject: `${name} asks you to confirm a round`,
    },
  );
};

/** Someone else changed a record's status: its golfer hears who, what and why. */
const recordStatus: JobHandler = async (payload: RecordStatusPayload, { deps }) => {
  const db = deps.database.db;
  const event = await statusEventForNotice(db, payload.eventId);
  if (!event) return;
  const r = event.record;
  const to = event.to === "disputed" || event.to === "voided" || event.to === "confirmed" ? event.to : "restored";
  await notify(
    db,
    [r.userId],
    "record_status",
    notificationText.recordStatus(
      event.actorName ?? "Someone",
      to,
      r.type,
      r.holeNumber,
      r.challengeName,
      event.reason,
    ),
    challengeUrl(r.challengeId),
    { dedupeKey: `record-status:${payload.eventId}`, env: deps.env },
  );
};

/** Composed into every server process's runner (server-jobs.ts). */
export const notificationJobs: JobHandlers = {
  [NOTIFICATION_JOBS.joined]: challengeJoined,
  [NOTIFICATION_JOBS.round]: roundRecorded,
  [NOTIFICATION_JOBS.schedule]: challengeSchedule,
  [NOTIFICATION_JOBS.supportReply]: supportReplied,
  [NOTIFICATION_JOBS.partnerNamed]: partnerNamed,
  [NOTIFICATION_JOBS.recordStatus]: recordStatus,
};

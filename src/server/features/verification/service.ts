import { and, asc, desc, eq, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import { challengeStatus } from "../../../shared/domain/challenge-timing";
import { recordType } from "../../../shared/domain/scoring";
import {
  ACTION_BY,
  type VerificationAction,
  type VerificationStatus,
  actionAllowedFrom,
  restoreTarget,
} from "../../../shared/domain/verification";
import type { BirdieRecord } from "../../../shared/schemas/birdies";
import {
  GOLFER_SEARCH_LIMIT,
  GOLFER_SEARCH_MIN,
  type GolferMatch,
  type PendingVerification,
  type RecordStatusEvent,
  type golferSearchSchema,
} from "../../../shared/schemas/verification";
import { now, type SignedInContext } from "../../context";
import type { Db } from "../../db/client";
import { auditLog } from "../../db/schema/admin";
import { birdieRecords, recordStatusEvents } from "../../db/schema/birdies";
import { challenges, courses } from "../../db/schema/challenges";
import { users } from "../../db/schema/users";
import { badRequest, conflict, forbidden, notFound } from "../../lib/errors";
import { awardForRecords } from "../achievements/public";
import { isMember } from "../challenges/access";
import { findChallenge } from "../challenges/queries";
import { postSystemMessage, systemText } from "../chat/public";
import { notificationEvents } from "../notifications/public";
import { displayNameOf } from "../users/queries";
import { changeRecordStatus } from "./status-change";

// Two-key verification and creator moderation (docs/product/rules.md#verification, ADR 0040):
// who may move a record from which status to which, behind both transports. The change itself is
// changeRecordStatus (lock, set, history row, recount of the hole); what counts follows in SQL.

export const RECORD_NOT_FOUND = "Birdie not found";
export const RECORDS_FINAL = "This challenge has ended; its records are final";
export const NOT_ALLOWED: Record<VerificationAction, string> = {
  confirm: "Only the partner named on this record can confirm it",
  dispute: "Only the partner named on this record or the challenge's creator can dispute it",
  void: "Only the challenge's creator can void a record",
  restore: "Only the challenge's creator can restore a record",
};
const DONE: Record<VerificationAction, string> = {
  confirm: "confirmed",
  dispute: "disputed",
  void: "voided",
  restore: "restored",
};
export const wrongStatus = (action: VerificationAction, status: VerificationStatus) =>
  `This record is ${status}, so it cannot be ${DONE[action]}`;

/** How the caller stands to a record: what decides who may see and change it. */
type Standing = { member: boolean; partner: boolean; creator: boolean; admin: boolean };

async function standingOf(
  db: Db,
  ctx: SignedInContext,
  row: { challengeId: number; partnerUserId: number | null },
  creatorId: number,
): Promise<Standing> {
  const userId = ctx.user.id;
  return {
    member: await isMember(db, row.challengeId, userId),
    partner: row.partnerUserId === userId,
    creator: creatorId === userId,
    admin: ctx.user.isAdmin && !ctx.user.disabled,
  };
}

/**
 * Who may take an action: the named partner where the partner may, the creator where the creator
 * may. Admins act as the creator for void and restore (audited). Anyone who is neither a member,
 * the partner nor an admin learns nothing (404, so record ids leak nothing).
 */
function authorise(action: VerificationAction, s: Standing): "creator" | "admin" | "partner" {
  if (!s.member && !s.partner && !s.admin) throw notFound(RECORD_NOT_FOUND);
  const by = ACTION_BY[action];
  if (by.includes("partner") && s.partner) return "partner";
  if (by.includes("creator") && s.creator) return "creator";
  if ((action === "void" || action === "restore") && s.admin) return "admin";
  throw forbidden(NOT_ALLOWED[action]);
}

const TO: Record<Exclude<VerificationAction, "restore">, VerificationStatus> = {
  confirm: "confirmed",
  dispute: "disputed",
  void: "voided",
};

async function historyRows(db: Db, recordId: number): Promise<RecordStatusEvent[]> {
  const found = await db
    .select({
      id: recordStatusEvents.id,
      from: recordStatusEvents.fromStatus,
      to: recordStatusEvents.toStatus,
      reason: recordStatusEvents.reason,
      at: recordStatusEvents.createdAt,
      actorId: users.id,
      actorName: users.displayName,
    })
    .from(recordStatusEvents)
    .leftJoin(users, eq(users.id, recordStatusEvents.actorUserId))
    .where(eq(recordStatusEvents.recordId, recordId))
    .orderBy(asc(recordStatusEvents.createdAt), asc(recordStatusEvents.id));
  return found.map((r) => ({
    id: r.id,
    from: (r.from as VerificationStatus | null) ?? null,
    to: r.to as VerificationStatus,
    reason: r.reason,
    at: r.at.toISOString(),
    actor: r.actorId === null || r.actorName === null ? null : { id: r.actorId, displayName: r.actorName },
  }));
}

async function recordView(db: Db, id: number): Promise<BirdieRecord> {
  const [r] = await db
    .select({ record: birdieRecords, courseName: courses.name })
    .from(birdieRecords)
    .leftJoin(courses, eq(courses.id, birdieRecords.courseId))
    .where(eq(birdieRecords.id, id));
  if (!r) throw notFound(RECORD_NOT_FOUND);
  const row = r.record;
  return {
    id: row.id,
    challengeId: row.challengeId,
    userId: row.userId,
    courseId: row.courseId,
    courseName: r.courseName,
    holeNumber: row.holeNumber,
    score: row.score,
    type: recordType(row.score),
    counted: row.counted,
    verificationStatus: row.verificationStatus,
    partnerUserId: row.partnerUserId,
    date: row.datePlayed,
    createdAt: row.createdAt.toISOString(),
    verifiedBy: { name: row.verifierName, signature: row.verifierSignature },
  };
}

/**
 * One status change by a person: locks the record, checks who may and from which status (403 /
 * 409), changes it (changeRecordStatus), then what follows in the same transaction: achievements
 * a record that now counts earns, the chat line of a void, the admin audit entry, and the
 * golfer's notification (a job, sent only if this commits).
 */
async function act(
  ctx: SignedInContext,
  action: VerificationAction,
  id: number,
  reason: string | undefined,
): Promise<BirdieRecord> {
  const at = now(ctx);
  const actorId = ctx.user.id;
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(birdieRecords).where(eq(birdieRecords.id, id)).for("update");
    if (!row) throw notFound(RECORD_NOT_FOUND);
    const challenge = await findChallenge(tx, row.challengeId);
    if (!challenge) throw notFound(RECORD_NOT_FOUND);
    const as = authorise(action, await standingOf(tx, ctx, row, challenge.creatorId));
    if (challengeStatus(challenge.startDate, challenge.endDate, at) === "past") throw badRequest(RECORDS_FINAL);
    if (!actionAllowedFrom(action, row.verificationStatus)) throw conflict(wrongStatus(action, row.verificationStatus));
    const to = action === "restore" ? restoreTarget(await historyRows(tx, id), row.partnerUserId !== null) : TO[action];
    const changed = await changeRecordStatus(tx, {
      recordId: id,
      to,
      actorUserId: actorId,
      reason: reason ?? null,
      at,
    });
    if (!changed) throw notFound(RECORD_NOT_FOUND);
    const [event] = await tx
      .select({ id: recordStatusEvents.id })
      .from(recordStatusEvents)
      .where(eq(recordStatusEvents.recordId, id))
      .orderBy(desc(recordStatusEvents.id))
      .limit(1);
    if (changed.after.counted) {
      await awardForRecords(
        tx,
        row.userId,
        row.challengeId,
        [{ holeNumber: row.holeNumber, score: row.score, date: row.datePlayed, courseId: row.courseId }],
        at,
      );
    }
    if (action === "void") {
      const [actorName, golferName] = await Promise.all([displayNameOf(tx, actorId), displayNameOf(tx, row.userId)]);
      await postSystemMessage(
        tx,
        row.challengeId,
        systemText.voided(actorName, golferName, row.holeNumber, recordType(row.score), reason ?? ""),
      );
    }
    if (as === "admin") {
      await tx.insert(auditLog).values({
        actorId,
        action: action === "void" ? "record.void" : "record.restore",
        targetType: "record",
        targetId: id,
        details: {
          label: `${challenge.name}: hole ${row.holeNumber}`,
          challengeId: row.challengeId,
          userId: row.userId,
          from: row.verificationStatus,
          to,
          reason: reason ?? null,
        },
      });
    }
    if (event && row.userId !== actorId) await notificationEvents.recordStatusChanged(tx, { eventId: event.id });
    return recordView(tx, id);
  });
}

/** POST /api/birdies/{id}/confirm: the named partner confirms. */
export const confirmRecord = (ctx: SignedInContext, { id }: { id: number }) => act(ctx, "confirm", id, undefined);

/** POST /api/birdies/{id}/dispute: the named partner or the creator disputes, saying why. */
export const disputeRecord = (ctx: SignedInContext, { id, reason }: { id: number; reason: string }) =>
  act(ctx, "dispute", id, reason);

/** POST /api/birdies/{id}/void: the creator (or an admin) voids, saying why. */
export const voidRecord = (ctx: SignedInContext, { id, reason }: { id: number; reason: string }) =>
  act(ctx, "void", id, reason);

/** POST /api/birdies/{id}/restore: the creator (or an admin) puts a disputed or voided record back. */
export const restoreRecord = (ctx: SignedInContext, { id, reason }: { id: number; reason?: string }) =>
  act(ctx, "restore", id, reason);

/** GET /api/birdies/{id}/history: members (and the named partner, and admins) read who changed what, when and why. */
export async function recordHistory(ctx: SignedInContext, { id }: { id: number }): Promise<RecordStatusEvent[]> {
  const [row] = await ctx.db
    .select({ challengeId: birdieRecords.challengeId, partnerUserId: birdieRecords.partnerUserId })
    .from(birdieRecords)
    .where(eq(birdieRecords.id, id));
  if (!row) throw notFound(RECORD_NOT_FOUND);
  const s = {
    member: await isMember(ctx.db, row.challengeId, ctx.user.id),
    partner: row.partnerUserId === ctx.user.id,
    admin: ctx.user.isAdmin,
  };
  if (!s.member && !s.partner && !s.admin) throw notFound(RECORD_NOT_FOUND);
  return historyRows(ctx.db, id);
}

/** The records waiting for the caller's confirmation, oldest first (the /verifications page). */
export async function pendingForMe(ctx: SignedInContext): Promise<PendingVerification[]> {
  const found = await ctx.db
    .select({
      record: birdieRecords,
      challengeName: challenges.name,
      golferName: users.displayName,
      courseName: courses.name,
    })
    .from(birdieRecords)
    .innerJoin(challenges, eq(challenges.id, birdieRecords.challengeId))
    .innerJoin(users, eq(users.id, birdieRecords.userId))
    .leftJoin(courses, eq(courses.id, birdieRecords.courseId))
    .where(and(eq(birdieRecords.partnerUserId, ctx.user.id), eq(birdieRecords.verificationStatus, "pending")))
    .orderBy(asc(birdieRecords.createdAt), asc(birdieRecords.id))
    .limit(200);
  return found.map(({ record: r, ...j }) => ({
    id: r.id,
    challengeId: r.challengeId,
    challengeName: j.challengeName,
    golfer: { id: r.userId, displayName: j.golferName },
    holeNumber: r.holeNumber,
    score: r.score,
    type: recordType(r.score),
    courseName: j.courseName,
    date: r.datePlayed,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * verification.searchGolfers: golfers whose username starts with the text (case-insensitive), at
 * most 10, never the caller or a disabled account; names only, never e-mails. Rate limited per
 * user, so the list of golfers cannot be walked.
 */
export async function searchGolfers(
  ctx: SignedInContext,
  { q }: z.output<typeof golferSearchSchema>,
): Promise<GolferMatch[]> {
  if (q.length < GOLFER_SEARCH_MIN) return [];
  await ctx.deps.limits.golferSearchPerUser.consume(String(ctx.user.id), TOO_MANY_SEARCHES);
  const prefix = `${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return ctx.db
    .select({ id: users.id, username: users.username, displayName: users.displayName })
    .from(users)
    .where(and(sql`lower(${users.username}) like ${prefix}`, ne(users.id, ctx.user.id), eq(users.disabled, false)))
    .orderBy(sql`lower(${users.username})`)
    .limit(GOLFER_SEARCH_LIMIT);
}

export const TOO_MANY_SEARCHES = "Too many searches. Please wait a moment and try again.";

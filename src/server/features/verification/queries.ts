import { asc, eq, inArray } from "drizzle-orm";
import { recordType, type RecordType } from "../../../shared/domain/scoring";
import type { VerificationStatus } from "../../../shared/domain/verification";
import type { Db } from "../../db/client";
import { birdieRecords, recordStatusEvents } from "../../db/schema/birdies";
import { challenges } from "../../db/schema/challenges";
import { users } from "../../db/schema/users";

// What the notification jobs read about records and their status changes (ADR 0033: the job
// handler works out who is told and what, from the database as it is when it runs).

export type NoticeRecord = {
  id: number;
  challengeId: number;
  challengeName: string;
  userId: number;
  partnerUserId: number | null;
  holeNumber: number;
  type: RecordType;
  status: VerificationStatus;
};

/** The records still in the database among `ids`, by hole. */
export async function recordsForNotice(db: Db, ids: readonly number[]): Promise<NoticeRecord[]> {
  if (!ids.length) return [];
  const found = await db
    .select({ record: birdieRecords, challengeName: challenges.name })
    .from(birdieRecords)
    .innerJoin(challenges, eq(challenges.id, birdieRecords.challengeId))
    .where(inArray(birdieRecords.id, [...ids]))
    .orderBy(asc(birdieRecords.holeNumber), asc(birdieRecords.id));
  return found.map(({ record: r, challengeName }) => ({
    id: r.id,
    challengeId: r.challengeId,
    challengeName,
    userId: r.userId,
    partnerUserId: r.partnerUserId,
    holeNumber: r.holeNumber,
    type: recordType(r.score),
    status: r.verificationStatus,
  }));
}

/** One entry of a record's history with its record and who made it, or null when gone. */
export async function statusEventForNotice(db: Db, eventId: number) {
  const [row] = await db
    .select({
      recordId: recordStatusEvents.recordId,
      to: recordStatusEvents.toStatus,
      reason: recordStatusEvents.reason,
      actorName: users.displayName,
    })
    .from(recordStatusEvents)
    .leftJoin(users, eq(users.id, recordStatusEvents.actorUserId))
    .where(eq(recordStatusEvents.id, eventId));
  if (!row) return null;
  const [record] = await recordsForNotice(db, [row.recordId]);
  if (!record) return null;
  return { ...row, to: row.to as VerificationStatus, record };
}

import { eq, sql } from "drizzle-orm";
import type { VerificationStatus } from "../../../shared/domain/verification";
import type { Db } from "../../db/client";
import { type BirdieRecordRow, birdieRecords, recordStatusEvents } from "../../db/schema/birdies";

export type StatusChange = {
  recordId: number;
  to: VerificationStatus;
  /** Who made the change; null for the service itself. */
  actorUserId: number | null;
  reason?: string | null;
  at: Date;
};

/**
 * The one way a record's verification status changes (ADR 0040): locks the record, sets the
 * status and its moment, and appends the change to the record's history in the same
 * transaction. Who may make which change is the caller's rule (the verification and admin
 * services); what counts follows from the status through record_counts().
 * Returns null when the record does not exist.
 */
export async function changeRecordStatus(
  tx: Db,
  change: StatusChange,
): Promise<{ before: BirdieRecordRow; after: BirdieRecordRow } | null> {
  const [before] = await tx.select().from(birdieRecords).where(eq(birdieRecords.id, change.recordId)).for("update");
  if (!before) return null;
  const [after] = await tx
    .update(birdieRecords)
    .set({ verificationStatus: change.to, statusChangedAt: change.at })
    .where(eq(birdieRecords.id, change.recordId))
    .returning();
  // Which record of the hole counts follows the new status: a counting record that stops counting
  // hands over to the next best of its hole, and a record that may count again takes its place back
  // (hole_records_recount, drizzle/0019; the stats and standings triggers follow its updates).
  await tx.execute(sql`select hole_records_recount(${before.challengeId}, ${before.userId}, ${before.holeNumber})`);
  const [decided] = await tx.select().from(birdieRecords).where(eq(birdieRecords.id, change.recordId));
  await tx.insert(recordStatusEvents).values({
    recordId: before.id,
    challengeId: before.challengeId,
    actorUserId: change.actorUserId,
    fromStatus: before.verificationStatus,
    toStatus: change.to,
    reason: change.reason ?? null,
    createdAt: change.at,
  });
  return { before, after: decided ?? after ?? before };
}

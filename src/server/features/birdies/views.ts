import { and, desc, eq, type SQL } from "drizzle-orm";
import type { z } from "zod";
import { recordType } from "../../../shared/domain/scoring";
import type { BirdieRecord, listBirdiesSchema, playerBirdiesSchema } from "../../../shared/schemas/birdies";
import type { SignedInContext } from "../../context";
import type { Db } from "../../db/client";
import { type BirdieRecordRow, birdieRecords } from "../../db/schema/birdies";
import { courses } from "../../db/schema/challenges";
import { requireMember } from "../challenges/access";

// Records as clients see them (docs/product/api.md#birdierecord) and the reads behind them.

export function toView(row: BirdieRecordRow, courseName: string | null): BirdieRecord {
  return {
    id: row.id,
    challengeId: row.challengeId,
    userId: row.userId,
    courseId: row.courseId,
    courseName,
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

async function viewsWithCourses(db: Db, where: SQL | undefined): Promise<BirdieRecord[]> {
  const rows = await db
    .select({ record: birdieRecords, courseName: courses.name })
    .from(birdieRecords)
    .leftJoin(courses, eq(courses.id, birdieRecords.courseId))
    .where(where)
    // Newest first: what the hole dialog and Edit Birdies list show.
    .orderBy(desc(birdieRecords.datePlayed), desc(birdieRecords.createdAt), desc(birdieRecords.id));
  return rows.map((r) => toView(r.record, r.courseName));
}

/** GET /api/birdies: the caller's records, optionally in one challenge (members only). */
export async function listOwnBirdies(
  ctx: SignedInContext,
  { challengeId }: z.output<typeof listBirdiesSchema>,
): Promise<BirdieRecord[]> {
  const userId = ctx.user.id;
  if (challengeId) {
    await requireMember(ctx.db, challengeId, userId);
    return viewsWithCourses(ctx.db, and(eq(birdieRecords.userId, userId), eq(birdieRecords.challengeId, challengeId)));
  }
  return viewsWithCourses(ctx.db, and(eq(birdieRecords.userId, userId)));
}

/** Any member of a challenge may open any player's grid (the leaderboard's player dialog). */
export async function listPlayerBirdies(
  ctx: SignedInContext,
  input: z.output<typeof playerBirdiesSchema>,
): Promise<BirdieRecord[]> {
  await requireMember(ctx.db, input.challengeId, ctx.user.id);
  return viewsWithCourses(
    ctx.db,
    and(eq(birdieRecords.userId, input.userId), eq(birdieRecords.challengeId, input.challengeId)),
  );
}

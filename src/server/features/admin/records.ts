import { desc, eq, type SQL } from "drizzle-orm";
import type { AdminRecord } from "../../../shared/schemas/admin";
import type { Db } from "../../db/client";
import { birdieRecords } from "../../db/schema/birdies";
import { challenges, courses } from "../../db/schema/challenges";
import { users } from "../../db/schema/users";
import { iso } from "./sql";

/** Detail views list this many of the newest records (the total is reported beside them). */
const DETAIL_RECORDS = 200;

/** The newest records matching `where` (a user's, a challenge's), with how many there are in all. */
export async function newestRecords(
  db: Db,
  where: SQL | undefined,
): Promise<{ records: AdminRecord[]; total: number }> {
  const total = await db.$count(birdieRecords, where);
  const records = await db
    .select({
      id: birdieRecords.id,
      challengeId: birdieRecords.challengeId,
      challengeName: challenges.name,
      userId: birdieRecords.userId,
      username: users.username,
      displayName: users.displayName,
      courseName: courses.name,
      holeNumber: birdieRecords.holeNumber,
      score: birdieRecords.score,
      counted: birdieRecords.counted,
      datePlayed: birdieRecords.datePlayed,
      createdAt: iso(birdieRecords.createdAt),
      verifierName: birdieRecords.verifierName,
      verificationStatus: birdieRecords.verificationStatus,
    })
    .from(birdieRecords)
    .innerJoin(challenges, eq(challenges.id, birdieRecords.challengeId))
    .innerJoin(users, eq(users.id, birdieRecords.userId))
    .innerJoin(courses, eq(courses.id, birdieRecords.courseId))
    .where(where)
    .orderBy(desc(birdieRecords.createdAt), desc(birdieRecords.id))
    .limit(DETAIL_RECORDS);
  return { records, total };
}

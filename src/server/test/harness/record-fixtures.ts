import { sql } from "drizzle-orm";
import { utcDay } from "../../../shared/domain/play-date-window";
import type { VerificationStatus } from "../../../shared/domain/verification";
import type { Db } from "../../db/client";
import { rows } from "../../db/raw";
import type { birdieRecords } from "../../db/schema/birdies";

// Records written straight into the table, for suites about what happens after a record exists
// (fair play, the refresh queue): no service, no rules, no chat line.

const DAY = 86_400_000;

/** The UTC calendar day `offset` days from today ("2026-11-26" for -1 on the 27th). */
export const dayFromToday = (offset: number) => utcDay(Date.now() + offset * DAY);

/** The id of a challenge's first course. */
export async function firstCourseId(db: Db, challengeId: number): Promise<number> {
  const [course] = await rows<{ course_id: number }>(
    db,
    sql`select course_id from challenge_courses where challenge_id = ${challengeId} order by position limit 1`,
  );
  if (!course) throw new Error(`challenge ${challengeId} has no course`);
  return course.course_id;
}

export type DirectRecord = {
  userId: number;
  challengeId: number;
  courseId: number;
  hole: number;
  /** The day played; yesterday (UTC) unless told. */
  date?: string;
  verifier?: string;
  partnerUserId?: number | null;
  status?: VerificationStatus;
};

/** One birdie's row: signed by "Pat Partner" on paper, played yesterday, unless told otherwise. */
export function recordRow(r: DirectRecord): typeof birdieRecords.$inferInsert {
  return {
    userId: r.userId,
    challengeId: r.challengeId,
    courseId: r.courseId,
    holeNumber: r.hole,
    score: 3,
    datePlayed: r.date ?? dayFromToday(-1),
    verifierName: r.verifier ?? "Pat Partner",
    verifierSignature: "signature:P",
    partnerUserId: r.partnerUserId ?? null,
    verificationStatus: r.status ?? "signed",
  };
}

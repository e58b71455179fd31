import { and, eq } from "drizzle-orm";
import type { z } from "zod";
import { CHALLENGE_ENDED_TEXT, challengeStatus } from "../../../shared/domain/challenge-timing";
import { latestDayOnEarth, playDateProblem, playDateWindow } from "../../../shared/domain/play-date-window";
import { recordType } from "../../../shared/domain/scoring";
import type { Achievement } from "../../../shared/schemas/achievements";
import {
  type BirdieRecord,
  type recordBirdieSchema,
  type recordRoundSchema,
  SIGNATURE_PREFIX,
} from "../../../shared/schemas/birdies";
import { now, type SignedInContext } from "../../context";
import type { Db } from "../../db/client";
import { birdieRecords, roundSubmissions } from "../../db/schema/birdies";
import type { ChallengeRow } from "../../db/schema/challenges";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { isUniqueViolation } from "../../lib/sql-state";
import { awardForRecords } from "../achievements/public";
import { CHALLENGE_NOT_FOUND, lockMembership, requireMember } from "../challenges/access";
import { coursesOf } from "../challenges/queries";
import { postSystemMessages, systemText } from "../chat/public";
import { coursesByIds, findOrCreateCourse } from "../courses/queries";
import { notificationEvents } from "../notifications/public";
import { displayNameOf } from "../users/queries";
import { toView } from "./views";

// Recording holes: one (POST /api/birdies) or a verified round (birdies.recordRound), with the
// rules of docs/product/rules.md#recording-window and #one-record-per-hole-or-many.

export const CHOOSE_COURSE = "Choose a course";
export const COURSE_NOT_IN_CHALLENGE = "That course is not part of this challenge";
export const NOT_STARTED = "This challenge has not started yet";
export const ROUND_ID_USED = "This round was already recorded in another challenge";
export const holeTaken = (hole: number) => `Hole ${hole} is already recorded in this challenge`;

type RecordContext = { challenge: ChallengeRow; courseId: number; courseName: string; date: string };
type Verifier = { name: string; signature: string };

export type RecordedRound = {
  records: BirdieRecord[];
  birdies: number;
  eagles: number;
  newAchievements: Achievement[];
};

/** Everything a record needs except the hole: membership, an active window, the date, the course. */
async function prepareRecord(
  tx: Db,
  userId: number,
  input: { challengeId: number; courseId?: number; customCourseName?: string | null; date: string },
  at: Date,
): Promise<RecordContext> {
  // Three independent reads sent together (one round trip on PostgreSQL, where the transaction's
  // connection pipelines them). The lock on the membership row serialises one player's records in
  // one challenge, so the "one counted record per hole" rule holds under concurrent submissions;
  // everything that reads records runs after it is granted. A removal deletes that row first, so
  // it serialises with recording too: the locked read, not requireMember's (which may have seen
  // the row before a removal committed), decides whether the caller is still a member.
  const [challenge, locked, own] = await Promise.all([
    requireMember(tx, input.challengeId, userId),
    lockMembership(tx, input.challengeId, userId),
    coursesOf(tx, input.challengeId),
  ]);
  if (!locked) throw notFound(CHALLENGE_NOT_FOUND);

  const status = challengeStatus(challenge.startDate, challenge.endDate, at);
  if (status === "upcoming") throw badRequest(NOT_STARTED);
  if (status === "past") throw badRequest(CHALLENGE_ENDED_TEXT);
  // The server does not know the golfer's zone: "today" is the latest day anyone has.
  const dateProblem = playDateProblem(
    input.date,
    playDateWindow(challenge.startDate, challenge.endDate, latestDayOnEarth(at)),
  );
  if (dateProblem) throw badRequest(dateProblem);

  if (challenge.courseMode === "single") {
    // A single-course challenge: the course is implied; a different one is refused.
    const course = input.courseId ? own.find((c) => c.id === input.courseId) : own[0];
    if (!course) throw badRequest(input.courseId ? COURSE_NOT_IN_CHALLENGE : CHOOSE_COURSE);
    return { challenge, courseId: course.id, courseName: course.name, date: input.date };
  }
  // Hybrid: any known course, or a typed name found or created.
  if (input.customCourseName?.trim()) {
    const course = await findOrCreateCourse(tx, userId, input.customCourseName);
    return { challenge, courseId: course.id, courseName: course.name, date: input.date };
  }
  if (!input.courseId) throw badRequest(CHOOSE_COURSE);
  const [course] = await coursesByIds(tx, [input.courseId]);
  return { challenge, courseId: course.id, courseName: course.name, date: input.date };
}

/** Inserts one hole, applying the multiple-birdies rule (a birdie may be upgraded by an eagle). */
async function insertHole(
  tx: Db,
  userId: number,
  ctx: RecordContext,
  holeNumber: number,
  strokes: number,
  verifier: Verifier,
): Promise<BirdieRecord> {
  if (!ctx.challenge.allowMultipleBirdies) {
    const existing = await tx
      .select({ id: birdieRecords.id, score: birdieRecords.score })
      .from(birdieRecords)
      .where(
        and(
          eq(birdieRecords.challengeId, ctx.challenge.id),
          eq(birdieRecords.userId, userId),
          eq(birdieRecords.holeNumber, holeNumber),
          eq(birdieRecords.counted, true),
        ),
      );
    const current = existing[0];
    if (current) {
      const upgrade = recordType(current.score) === "birdie" && recordType(strokes) === "eagle";
      if (!upgrade) throw conflict(holeTaken(holeNumber));
      await tx.update(birdieRecords).set({ counted: false }).where(eq(birdieRecords.id, current.id));
    }
  }
  const [row] = await tx
    .insert(birdieRecords)
    .values({
      challengeId: ctx.challenge.id,
      userId,
      courseId: ctx.courseId,
      holeNumber,
      score: strokes,
      datePlayed: ctx.date,
      verifierName: verifier.name,
      verifierSignature: `${SIGNATURE_PREFIX}${verifier.signature}`,
      counted: true,
    })
    .returning();
  return toView(row, ctx.courseName);
}

/**
 * Awards what the new records earn, then posts the chat's system messages (delivered to sockets
 * only once the records commit). The name look-up travels with the award checks.
 */
async function awardAndAnnounce(
  tx: Db,
  userId: number,
  challengeId: number,
  records: readonly BirdieRecord[],
  at: Date,
): Promise<Achievement[]> {
  const [earned, name] = await Promise.all([
    awardForRecords(
      tx,
      userId,
      challengeId,
      records.map((r) => ({ holeNumber: r.holeNumber, score: r.score, date: r.date, courseId: r.courseId })),
      at,
    ),
    displayNameOf(tx, userId),
  ]);
  await postSystemMessages(tx, challengeId, [
    ...records.map((r) => systemText.recorded(name, r.holeNumber, r.type)),
    ...earned.map((a) => systemText.earned(name, a.name)),
  ]);
  return earned;
}

/**
 * The other players hear of the round (one notification per round, not per hole) and whoever it
 * overtook, from a job that exists only if the records commit (docs/product/rules.md#notifications).
 */
async function announceRound(tx: Db, userId: number, challengeId: number, records: readonly BirdieRecord[]) {
  const eagles = records.filter((r) => r.type === "eagle").length;
  await notificationEvents.roundRecorded(tx, {
    challengeId,
    userId,
    recordIds: records.map((r) => r.id),
    birdies: records.length - eagles,
    eagles,
  });
}

/** POST /api/birdies: one hole. */
export async function recordBirdie(
  ctx: SignedInContext,
  input: z.output<typeof recordBirdieSchema>,
): Promise<BirdieRecord & { newAchievements: Achievement[] }> {
  const userId = ctx.user.id;
  const at = now(ctx);
  return ctx.db.transaction(async (tx) => {
    const record = await prepareRecord(tx, userId, input, at);
    const hole = await insertHole(tx, userId, record, input.holeNumber, input.score, input.verifiedBy);
    const newAchievements = await awardAndAnnounce(tx, userId, record.challenge.id, [hole], at);
    await announceRound(tx, userId, record.challenge.id, [hole]);
    return { ...hole, newAchievements };
  });
}

/** A verified round: every marked hole is recorded, or none is (one transaction). */
export async function recordRound(
  ctx: SignedInContext,
  input: z.output<typeof recordRoundSchema>,
): Promise<RecordedRound> {
  const userId = ctx.user.id;
  const at = now(ctx);
  return ctx.db.transaction(async (tx) => {
    const record = await prepareRecord(tx, userId, input, at);
    // Checked after prepareRecord's lock, so two copies of one round cannot both pass.
    if (input.clientRoundId) {
      const [done] = await tx
        .select({ result: roundSubmissions.result })
        .from(roundSubmissions)
        .where(and(eq(roundSubmissions.userId, userId), eq(roundSubmissions.clientRoundId, input.clientRoundId)));
      if (done) {
        const first = done.result as RecordedRound;
        // A round has at least one hole, so its result names the challenge it was recorded in.
        if (first.records[0]?.challengeId !== record.challenge.id) throw conflict(ROUND_ID_USED);
        return first;
      }
    }
    const records: BirdieRecord[] = [];
    for (const hole of [...input.holes].sort((a, b) => a.holeNumber - b.holeNumber)) {
      records.push(await insertHole(tx, userId, record, hole.holeNumber, hole.score, input.verifiedBy));
    }
    const eagles = records.filter((r) => r.type === "eagle").length;
    const newAchievements = await awardAndAnnounce(tx, userId, record.challenge.id, records, at);
    await announceRound(tx, userId, record.challenge.id, records);
    const result: RecordedRound = { records, birdies: records.length - eagles, eagles, newAchievements };
    if (input.clientRoundId) {
      // The membership lock serialises copies of a round sent to one challenge, not to two: a copy
      // sent to another challenge at the same moment waits on this key here, then finds it taken.
      await tx
        .insert(roundSubmissions)
        .values({ userId, clientRoundId: input.clientRoundId, result })
        .catch((err: unknown) => {
          throw isUniqueViolation(err) ? conflict(ROUND_ID_USED) : err;
        });
    }
    return result;
  });
}

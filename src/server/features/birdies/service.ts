import { and, asc, desc, eq, sql } from "drizzle-orm";
import { challengeStatus } from "../../../shared/domain/challenge-timing";
import { recordType, summariseHoles, type HoleSummary } from "../../../shared/domain/scoring";
import {
  deleteBirdieSchema,
  listBirdiesSchema,
  playerBirdiesSchema,
  recordBirdieSchema,
  recordRoundSchema,
  type BirdieRecord,
  type RecordBirdieInput,
  type RecordRoundInput,
} from "../../../shared/schemas/birdies";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import { birdieRecords, roundSubmissions, type BirdieRecordRow } from "../../db/schema/birdies";
import { challengeCourses, challengePlayers, challenges, courses, type ChallengeRow } from "../../db/schema/challenges";
import { badRequest, conflict, forbidden, notFound } from "../../lib/errors";
import { isUniqueViolation } from "../../lib/sql-state";
import { parseInput } from "../../lib/validate";
import { awardForRecords } from "../achievements/service";
import type { Achievement } from "../../../shared/schemas/achievements";
import { CHALLENGE_NOT_FOUND, isMember, requireMember } from "../challenges/service";
import { displayNameOf, postSystemMessages, systemText } from "../chat/service";
import { findOrCreateCourse } from "../courses/service";

export const BIRDIE_NOT_FOUND = "Birdie not found";
export const NOT_YOUR_BIRDIE = "You can only delete your own birdies";
export const CHOOSE_COURSE = "Choose a course";
export const COURSE_NOT_IN_CHALLENGE = "That course is not part of this challenge";
export const NOT_STARTED = "This challenge has not started yet";
export const ENDED = "This challenge has ended";
export const DATE_OUTSIDE = "Date played must be within the challenge dates";
export const DATE_FUTURE = "Date played cannot be in the future";
export const ROUND_ID_USED = "This round was already recorded in another challenge";
export const holeTaken = (hole: number) => `Hole ${hole} is already recorded in this challenge`;

/** Golfers east of UTC may already be on tomorrow's date: allow the latest time zone (UTC+14). */
const LATEST_ZONE_MS = 14 * 60 * 60 * 1000;
const utcDay = (d: Date) => d.toISOString().slice(0, 10);

type RecordContext = { challenge: ChallengeRow; courseId: number; courseName: string; date: string };
type Verifier = { name: string; signature: string };

export type RecordedRound = {
  records: BirdieRecord[];
  birdies: number;
  eagles: number;
  newAchievements: Achievement[];
};

// ---- Views -------------------------------------------------------------------------------------

function toView(row: BirdieRecordRow, courseName: string | null): BirdieRecord {
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
    date: row.datePlayed,
    createdAt: row.createdAt.toISOString(),
    verifiedBy: { name: row.verifierName, signature: row.verifierSignature },
  };
}

async function viewsWithCourses(db: Db, where: ReturnType<typeof and>): Promise<BirdieRecord[]> {
  const rows = await db
    .select({ record: birdieRecords, courseName: courses.name })
    .from(birdieRecords)
    .leftJoin(courses, eq(courses.id, birdieRecords.courseId))
    .where(where)
    // Newest first: what the hole dialog and Edit Birdies list show.
    .orderBy(desc(birdieRecords.datePlayed), desc(birdieRecords.createdAt), desc(birdieRecords.id));
  return rows.map((r) => toView(r.record, r.courseName));
}

// ---- Checks shared by single records and rounds -----------------------------------------------

/** Everything a record needs except the hole: membership, an active window, the date, the course. */
async function prepareRecord(
  tx: Db,
  userId: number,
  input: { challengeId: number; courseId?: number; customCourseName?: string | null; date: string },
  now: Date,
): Promise<RecordContext> {
  // Three independent reads sent together (one round trip on PostgreSQL, where the transaction's
  // connection pipelines them). The lock on the membership row serialises one player's records in
  // one challenge, so the "one counted record per hole" rule holds under concurrent submissions;
  // everything that reads records runs after it is granted. A removal deletes that row first, so
  // it serialises with recording too: the locked read, not requireMember's (which may have seen
  // the row before a removal committed), decides whether the caller is still a member.
  const [challenge, locked, own] = await Promise.all([
    requireMember(tx, input.challengeId, userId),
    tx
      .select({ userId: challengePlayers.userId })
      .from(challengePlayers)
      .where(and(eq(challengePlayers.challengeId, input.challengeId), eq(challengePlayers.userId, userId)))
      .for("update"),
    tx
      .select({ id: courses.id, name: courses.name })
      .from(challengeCourses)
      .innerJoin(courses, eq(courses.id, challengeCourses.courseId))
      .where(eq(challengeCourses.challengeId, input.challengeId))
      .orderBy(asc(challengeCourses.position)),
  ]);
  if (!locked.length) throw notFound(CHALLENGE_NOT_FOUND);

  const status = challengeStatus(challenge.startDate, challenge.endDate, now);
  if (status === "upcoming") throw badRequest(NOT_STARTED);
  if (status === "past") throw badRequest(ENDED);
  if (input.date < utcDay(challenge.startDate) || input.date > utcDay(challenge.endDate))
    throw badRequest(DATE_OUTSIDE);
  if (input.date > utcDay(new Date(now.getTime() + LATEST_ZONE_MS))) throw badRequest(DATE_FUTURE);

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
  const [course] = await tx
    .select({ id: courses.id, name: courses.name })
    .from(courses)
    .where(eq(courses.id, input.courseId));
  if (!course) throw notFound("Course not found");
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
      verifierSignature: `signature:${verifier.signature}`,
      counted: true,
    })
    .returning();
  return toView(row, ctx.courseName);
}

// ---- Commands ----------------------------------------------------------------------------------

/**
 * Awards what the new records earn, then posts the chat's system messages (delivered to sockets
 * only once the records commit). The name look-up travels with the award checks.
 */
async function awardAndAnnounce(
  tx: Db,
  userId: number,
  challengeId: number,
  records: readonly BirdieRecord[],
  now: Date,
): Promise<Achievement[]> {
  const [earned, name] = await Promise.all([
    awardForRecords(
      tx,
      userId,
      challengeId,
      records.map((r) => ({ holeNumber: r.holeNumber, score: r.score, date: r.date, courseId: r.courseId })),
      now,
    ),
    displayNameOf(tx, userId),
  ]);
  await postSystemMessages(tx, challengeId, [
    ...records.map((r) => systemText.recorded(name, r.holeNumber, r.type)),
    ...earned.map((a) => systemText.earned(name, a.name)),
  ]);
  return earned;
}

/** POST /api/birdies: one hole. */
export async function recordBirdie(
  db: Db,
  userId: number,
  raw: RecordBirdieInput,
  now = new Date(),
): Promise<BirdieRecord & { newAchievements: Achievement[] }> {
  const input = parseInput(recordBirdieSchema, raw);
  return db.transaction(async (tx) => {
    const ctx = await prepareRecord(tx, userId, input, now);
    const record = await insertHole(tx, userId, ctx, input.holeNumber, input.score, input.verifiedBy);
    const newAchievements = await awardAndAnnounce(tx, userId, ctx.challenge.id, [record], now);
    return { ...record, newAchievements };
  });
}

/** A verified round: every marked hole is recorded, or none is (one transaction). */
export async function recordRound(
  db: Db,
  userId: number,
  raw: RecordRoundInput,
  now = new Date(),
): Promise<RecordedRound> {
  const input = parseInput(recordRoundSchema, raw);
  return db.transaction(async (tx) => {
    const ctx = await prepareRecord(tx, userId, input, now);
    // Checked after prepareRecord's lock, so two copies of one round cannot both pass.
    if (input.clientRoundId) {
      const [done] = await tx
        .select({ result: roundSubmissions.result })
        .from(roundSubmissions)
        .where(and(eq(roundSubmissions.userId, userId), eq(roundSubmissions.clientRoundId, input.clientRoundId)));
      if (done) {
        const first = done.result as RecordedRound;
        // A round has at least one hole, so its result names the challenge it was recorded in.
        if (first.records[0]?.challengeId !== ctx.challenge.id) throw conflict(ROUND_ID_USED);
        return first;
      }
    }
    const records: BirdieRecord[] = [];
    for (const hole of [...input.holes].sort((a, b) => a.holeNumber - b.holeNumber)) {
      records.push(await insertHole(tx, userId, ctx, hole.holeNumber, hole.score, input.verifiedBy));
    }
    const eagles = records.filter((r) => r.type === "eagle").length;
    const newAchievements = await awardAndAnnounce(tx, userId, ctx.challenge.id, records, now);
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

/** Deletes one of the caller's own records; a superseded birdie on that hole counts again. */
export async function deleteBirdie(
  db: Db,
  userId: number,
  raw: { id: number | string },
  now = new Date(),
): Promise<{ ok: true; id: number }> {
  const { id } = parseInput(deleteBirdieSchema, raw);
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(birdieRecords).where(eq(birdieRecords.id, id)).for("update");
    if (!row) throw notFound(BIRDIE_NOT_FOUND);
    if (row.userId !== userId) {
      // Fellow members learn it is someone else's; anyone else learns nothing.
      if (await isMember(tx, row.challengeId, userId)) throw forbidden(NOT_YOUR_BIRDIE);
      throw notFound(BIRDIE_NOT_FOUND);
    }
    const [challenge] = await tx.select().from(challenges).where(eq(challenges.id, row.challengeId));
    if (challenge && challengeStatus(challenge.startDate, challenge.endDate, now) === "past") {
      throw badRequest("This challenge has ended; its records are final");
    }
    await tx.delete(birdieRecords).where(eq(birdieRecords.id, id));
    if (row.counted && challenge && !challenge.allowMultipleBirdies) {
      // Restore the best remaining record on the hole (an eagle over a birdie, then the earliest).
      await tx.execute(sql`
        update ${birdieRecords} set counted = true
        where id = (
          select id from ${birdieRecords}
          where challenge_id = ${row.challengeId} and user_id = ${userId} and hole_number = ${row.holeNumber}
          order by score asc, created_at asc, id asc limit 1
        )`);
    }
    return { ok: true as const, id };
  });
}

// ---- Reads -------------------------------------------------------------------------------------

/** GET /api/birdies: the caller's records, optionally in one challenge (members only). */
export async function listOwnBirdies(
  db: Db,
  userId: number,
  raw: { challengeId?: number | string } = {},
): Promise<BirdieRecord[]> {
  const input = parseInput(listBirdiesSchema, raw);
  if (input.challengeId) {
    await requireMember(db, input.challengeId, userId);
    return viewsWithCourses(
      db,
      and(eq(birdieRecords.userId, userId), eq(birdieRecords.challengeId, input.challengeId)),
    );
  }
  return viewsWithCourses(db, and(eq(birdieRecords.userId, userId)));
}

/** Any member of a challenge may open any player's grid (the leaderboard's player dialog). */
export async function listPlayerBirdies(
  db: Db,
  viewerId: number,
  raw: { challengeId: number | string; userId: number | string },
): Promise<BirdieRecord[]> {
  const input = parseInput(playerBirdiesSchema, raw);
  await requireMember(db, input.challengeId, viewerId);
  return viewsWithCourses(
    db,
    and(eq(birdieRecords.userId, input.userId), eq(birdieRecords.challengeId, input.challengeId)),
  );
}

/** The caller's hole summary (birdied/eagled holes, counts, points) in each of these challenges. */
export async function holeSummariesFor(
  db: Db,
  userId: number,
  challengeRows: readonly ChallengeRow[],
): Promise<Map<number, HoleSummary>> {
  const out = new Map<number, HoleSummary>();
  if (!challengeRows.length) return out;
  const rows = await prepared(db, "user_holes_in_challenges", (d) =>
    d
      .select({
        challengeId: birdieRecords.challengeId,
        holeNumber: birdieRecords.holeNumber,
        score: birdieRecords.score,
        counted: birdieRecords.counted,
      })
      .from(birdieRecords)
      .where(
        and(
          eq(birdieRecords.userId, sql.placeholder("userId")),
          sql`${birdieRecords.challengeId} = any(${sql.placeholder("ids")}::int[])`,
        ),
      )
      .prepare("user_holes_in_challenges"),
  ).execute({ userId, ids: challengeRows.map((c) => c.id) });
  // One pass to group, not one scan of every row per challenge (a golfer may be in many).
  const byChallenge = new Map<number, typeof rows>();
  for (const r of rows) {
    const list = byChallenge.get(r.challengeId);
    if (list) list.push(r);
    else byChallenge.set(r.challengeId, [r]);
  }
  for (const c of challengeRows) out.set(c.id, summariseHoles(byChallenge.get(c.id) ?? [], c));
  return out;
}

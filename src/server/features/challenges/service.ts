import { and, asc, eq, max, sql } from "drizzle-orm";
import { courseInfoText, summariseCourseNames, type CourseMode } from "../../../shared/domain/challenge-courses";
import { challengeStatus } from "../../../shared/domain/challenge-timing";
import { generateInviteCode, generateInvitePin, inviteLinkPath } from "../../../shared/domain/invite-codes";
import {
  addChallengeCourseSchema,
  createChallengeSchema,
  EDIT_END_BEFORE_START,
  updateChallengeSchema,
  type AddChallengeCourseInput,
  type ChallengeListItem,
  type ChallengePlayer,
  type ChallengeView,
  type CreateChallengeInput,
  type HoleCount,
  type InviteCodes,
  type UpdateChallengeInput,
} from "../../../shared/schemas/challenges";
import type { Course } from "../../../shared/schemas/courses";
import type { Db } from "../../db/client";
import type { AppDeps } from "../../deps";
import { prepared } from "../../db/prepared";
import { challengeCourses, challengePlayers, challenges, courses, type ChallengeRow } from "../../db/schema/challenges";
import { users } from "../../db/schema/users";
import { badRequest, forbidden, notFound } from "../../lib/errors";
import { isUniqueViolation } from "../../lib/sql-state";
import { parseInput } from "../../lib/validate";
import { birdieRecords } from "../../db/schema/birdies";
import { holeSummariesFor } from "../birdies/service";
import { announceLeave, displayNameOf } from "../chat/service";
import { coursesByIds, findOrCreateCourse } from "../courses/service";

export const CHALLENGE_NOT_FOUND = "Challenge not found";
export const PLAYER_NOT_FOUND = "Player not found";
export const NEEDS_ONE_COURSE = "Choose a course for a single-course challenge";
export const ONLY_ONE_COURSE = "A single-course challenge has exactly one course";
export const CREATOR_NOT_REMOVABLE = "The creator cannot be removed from the challenge";
export const ONLY_CREATOR = {
  edit: "Only the creator can edit this challenge",
  delete: "Only the creator can delete this challenge",
  courses: "Only the creator can change the courses of this challenge",
  players: "Only the creator can remove players",
  invite: "Only the creator can regenerate the invite codes",
} as const;

type CreatorAction = keyof typeof ONLY_CREATOR;
const INVITE_CODE_ATTEMPTS = 5;

// ---- Access ------------------------------------------------------------------------------------

/** The challenge and whether `userId` plays in it, or null when there is no such challenge. */
async function loadWithMembership(db: Db, challengeId: number, userId: number) {
  // Prepared: nearly every challenge-scoped request starts here.
  const [row] = await prepared(db, "challenge_with_membership", (d) =>
    d
      .select({ challenge: challenges, memberId: challengePlayers.userId })
      .from(challenges)
      .leftJoin(
        challengePlayers,
        and(eq(challengePlayers.challengeId, challenges.id), eq(challengePlayers.userId, sql.placeholder("userId"))),
      )
      .where(eq(challenges.id, sql.placeholder("challengeId")))
      .prepare("challenge_with_membership"),
  ).execute({ challengeId, userId });
  return row ? { challenge: row.challenge, isMember: row.memberId !== null } : null;
}

/** Members only: anyone else is told the challenge does not exist, so ids leak nothing. */
export async function requireMember(db: Db, challengeId: number, userId: number): Promise<ChallengeRow> {
  const found = await loadWithMembership(db, challengeId, userId);
  if (!found?.isMember) throw notFound(CHALLENGE_NOT_FOUND);
  return found.challenge;
}

/**
 * Runs `read` alongside the membership check (sent together: one round trip instead of two on
 * PostgreSQL) and hands its result to members only. A non-member gets the membership error,
 * whatever the read did; the read must not write.
 */
export async function readAsMember<T>(db: Db, challengeId: number, userId: number, read: () => Promise<T>): Promise<T> {
  const [member, result] = await Promise.allSettled([requireMember(db, challengeId, userId), read()]);
  if (member.status === "rejected") throw member.reason;
  if (result.status === "rejected") throw result.reason;
  return result.value;
}

/** The creator only: a non-member still gets 404, a member who is not the creator 403. */
async function requireCreator(
  db: Db,
  challengeId: number,
  userId: number,
  action: CreatorAction,
): Promise<ChallengeRow> {
  const challenge = await requireMember(db, challengeId, userId);
  if (challenge.creatorId !== userId) throw forbidden(ONLY_CREATOR[action]);
  return challenge;
}

export async function isMember(db: Db, challengeId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: challengePlayers.userId })
    .from(challengePlayers)
    .where(and(eq(challengePlayers.challengeId, challengeId), eq(challengePlayers.userId, userId)));
  return Boolean(row);
}

// ---- Views -------------------------------------------------------------------------------------

type Summary = { courses: Course[]; playerCount: number; creatorName: string };

/** Courses, player counts and creator names for many challenges in one prepared query. */
export async function summarise(db: Db, rows: readonly ChallengeRow[]): Promise<Map<number, Summary>> {
  const out = new Map<number, Summary>();
  if (!rows.length) return out;
  const found = await prepared(db, "challenge_summaries", (d) =>
    d
      .select({
        id: challenges.id,
        // Spelled out as challenges.<column>: drizzle leaves columns unqualified in a one-table
        // select, and inside these subqueries a bare "id" would bind to the inner table.
        playerCount: sql<number>`(select count(*)::int from ${challengePlayers} p where p.challenge_id = challenges.id)`,
        creatorName: sql<string | null>`(select u.display_name from ${users} u where u.id = challenges.creator_id)`,
        courses: sql<Course[]>`coalesce((
          select json_agg(json_build_object('id', co.id, 'name', co.name) order by cc.position, co.id)
          from ${challengeCourses} cc join ${courses} co on co.id = cc.course_id
          where cc.challenge_id = challenges.id), '[]'::json)`,
      })
      .from(challenges)
      .where(sql`${challenges.id} = any(${sql.placeholder("ids")}::int[])`)
      .prepare("challenge_summaries"),
  ).execute({ ids: rows.map((r) => r.id) });
  const byId = new Map(found.map((f) => [f.id, f]));
  for (const r of rows) {
    const f = byId.get(r.id);
    out.set(r.id, {
      courses: f?.courses ?? [],
      playerCount: Number(f?.playerCount ?? 0),
      creatorName: f?.creatorName ?? "Unknown User",
    });
  }
  return out;
}

function toView(row: ChallengeRow, summary: Summary, viewerId: number, now: Date): ChallengeView {
  const names = summary.courses.map((c) => c.name);
  return {
    id: row.id,
    name: row.name,
    rules: row.rules,
    description: row.description,
    courseMode: row.courseMode,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    tiebreaker: row.tiebreaker,
    tiebreakerThreshold: row.tiebreakerThreshold,
    allowMultipleBirdies: row.allowMultipleBirdies,
    eagleBonus: row.eagleBonus,
    creatorId: row.creatorId,
    creatorName: summary.creatorName,
    createdAt: row.createdAt.toISOString(),
    courses: summary.courses,
    courseName: summariseCourseNames(names),
    courseInfo: courseInfoText(row.courseMode, names),
    inviteCode: row.inviteCode,
    inviteLink: inviteLinkPath(row.inviteCode),
    invitePin: row.invitePin,
    playerCount: summary.playerCount,
    isCreator: row.creatorId === viewerId,
    status: challengeStatus(row.startDate, row.endDate, now),
  };
}

async function viewOf(db: Db, row: ChallengeRow, viewerId: number, now = new Date()): Promise<ChallengeView> {
  const summary = (await summarise(db, [row])).get(row.id)!;
  return toView(row, summary, viewerId, now);
}

type HoleProgress = {
  progress: number;
  birdiedHoles: number[];
  eagleHoles: number[];
  holeCounts: Record<string, HoleCount>;
  points: number;
};

/** The caller's holes in each challenge, from the birdies feature (which owns the scoring rules). */
async function holeProgressFor(
  db: Db,
  userId: number,
  rows: readonly ChallengeRow[],
): Promise<Map<number, HoleProgress>> {
  const summaries = await holeSummariesFor(db, userId, rows);
  const out = new Map<number, HoleProgress>();
  for (const [id, s] of summaries) {
    out.set(id, {
      progress: s.progress,
      birdiedHoles: s.birdiedHoles,
      eagleHoles: s.eagleHoles,
      holeCounts: s.holeCounts,
      points: s.points,
    });
  }
  return out;
}

const NO_PROGRESS: HoleProgress = { progress: 0, birdiedHoles: [], eagleHoles: [], holeCounts: {}, points: 0 };

// ---- Reads -------------------------------------------------------------------------------------

/** One challenge with the caller's own progress in it (members only). */
export async function getChallenge(
  db: Db,
  userId: number,
  challengeId: number,
  now = new Date(),
): Promise<ChallengeListItem> {
  const row = await requireMember(db, challengeId, userId);
  const view = await viewOf(db, row, userId, now);
  const progress = (await holeProgressFor(db, userId, [row])).get(row.id) ?? NO_PROGRESS;
  return { ...view, ...progress };
}

/** GET /api/users/{id}/challenges: every challenge the user plays in, oldest start first. */
export async function listUserChallenges(db: Db, userId: number, now = new Date()): Promise<ChallengeListItem[]> {
  const rows = await prepared(db, "user_challenges", (d) =>
    d
      .select({ challenge: challenges })
      .from(challenges)
      .innerJoin(
        challengePlayers,
        and(eq(challengePlayers.challengeId, challenges.id), eq(challengePlayers.userId, sql.placeholder("userId"))),
      )
      .orderBy(asc(challenges.startDate), asc(challenges.id))
      .prepare("user_challenges"),
  ).execute({ userId });
  const list = rows.map((r) => r.challenge);
  const [summaries, progress] = await Promise.all([summarise(db, list), holeProgressFor(db, userId, list)]);
  return list.map((row) => ({
    ...toView(row, summaries.get(row.id)!, userId, now),
    ...(progress.get(row.id) ?? NO_PROGRESS),
  }));
}

export async function listChallengeCourses(db: Db, userId: number, challengeId: number): Promise<Course[]> {
  const challenge = await requireMember(db, challengeId, userId);
  return (await summarise(db, [challenge])).get(challengeId)!.courses;
}

export async function listPlayers(db: Db, userId: number, challengeId: number): Promise<ChallengePlayer[]> {
  const challenge = await requireMember(db, challengeId, userId);
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      displayName: users.displayName,
      profilePicture: users.profilePicture,
      handicap: users.handicap,
      joinedAt: challengePlayers.joinedAt,
    })
    .from(challengePlayers)
    .innerJoin(users, eq(users.id, challengePlayers.userId))
    .where(eq(challengePlayers.challengeId, challengeId))
    .orderBy(asc(challengePlayers.joinedAt), asc(users.id));
  return rows.map((r) => ({
    ...r,
    handicap: r.handicap === null || r.handicap === undefined ? null : Number(r.handicap),
    joinedAt: r.joinedAt.toISOString(),
    isCreator: r.id === challenge.creatorId,
  }));
}

// ---- Writes ------------------------------------------------------------------------------------

/** Course ids (in order, duplicates dropped) plus a typed name found or created. */
async function resolveCourses(
  db: Db,
  userId: number,
  courseIds: readonly number[],
  courseName: string | undefined,
): Promise<Course[]> {
  const list = await coursesByIds(db, [...new Set(courseIds)]);
  if (courseName) {
    const named = await findOrCreateCourse(db, userId, courseName);
    if (!list.some((c) => c.id === named.id)) list.push(named);
  }
  return list;
}

function checkCourseCount(mode: CourseMode, n: number) {
  if (mode !== "single") return;
  if (n === 0) throw badRequest(NEEDS_ONE_COURSE);
  if (n > 1) throw badRequest(ONLY_ONE_COURSE);
}

async function replaceCourses(db: Db, challengeId: number, list: readonly Course[]) {
  await db.delete(challengeCourses).where(eq(challengeCourses.challengeId, challengeId));
  if (list.length) {
    await db.insert(challengeCourses).values(list.map((c, position) => ({ challengeId, courseId: c.id, position })));
  }
}

export const TOO_MANY_CHALLENGES = "You have created many challenges recently. Please try again later.";
export const TOO_MANY_INVITE_RESETS = "You have made new invite codes many times recently. Please try again later.";

export async function createChallenge(
  deps: Pick<AppDeps, "limits">,
  db: Db,
  userId: number,
  raw: CreateChallengeInput,
  now = new Date(),
): Promise<ChallengeView> {
  const input = parseInput(createChallengeSchema, raw);
  // Counted outside the transaction: on PGlite the limiter's own query would wait for it.
  await deps.limits.challengeCreationPerUser.consume(String(userId), TOO_MANY_CHALLENGES);
  return db.transaction(async (tx) => {
    const list = await resolveCourses(tx, userId, input.courseIds, input.courseName);
    checkCourseCount(input.courseMode, list.length);
    const values = {
      name: input.name,
      rules: input.rules ?? null,
      description: input.description ?? null,
      courseMode: input.courseMode,
      startDate: input.startDate,
      endDate: input.endDate,
      tiebreaker: input.tiebreaker,
      tiebreakerThreshold: input.tiebreakerThreshold,
      allowMultipleBirdies: input.allowMultipleBirdies,
      eagleBonus: input.eagleBonus,
      creatorId: userId,
    };
    let row: ChallengeRow | undefined;
    // A clash of random codes is astronomically rare; ON CONFLICT keeps the transaction usable.
    for (let attempt = 0; !row && attempt < INVITE_CODE_ATTEMPTS; attempt++) {
      [row] = await tx
        .insert(challenges)
        .values({ ...values, inviteCode: generateInviteCode(), invitePin: generateInvitePin() })
        .onConflictDoNothing()
        .returning();
    }
    if (!row) throw new Error("could not generate unique invite codes");
    await replaceCourses(tx, row.id, list);
    // The creator plays in their own challenge.
    await tx.insert(challengePlayers).values({ challengeId: row.id, userId });
    return viewOf(tx, row, userId, now);
  });
}

export async function updateChallenge(
  db: Db,
  userId: number,
  challengeId: number,
  raw: UpdateChallengeInput,
  now = new Date(),
): Promise<ChallengeView> {
  const input = parseInput(updateChallengeSchema, raw);
  return db.transaction(async (tx) => {
    const current = await requireCreator(tx, challengeId, userId, "edit");
    const startDate = input.startDate ?? current.startDate;
    const endDate = input.endDate ?? current.endDate;
    if (endDate.getTime() <= startDate.getTime()) throw badRequest(EDIT_END_BEFORE_START);
    const courseMode = input.courseMode ?? current.courseMode;

    if (input.courseIds) {
      const list = await resolveCourses(tx, userId, input.courseIds, undefined);
      checkCourseCount(courseMode, list.length);
      await replaceCourses(tx, challengeId, list);
    } else if (courseMode === "single") {
      // Switching to single mode keeps the first course; the edit page then sets the chosen one
      // with POST /courses (SPEC.md §7), so a missing course is allowed for that moment.
      const list = (await summarise(tx, [current])).get(challengeId)!.courses;
      if (list.length > 1) await replaceCourses(tx, challengeId, list.slice(0, 1));
    }

    const patch: Partial<typeof challenges.$inferInsert> = { startDate, endDate, courseMode };
    if (input.name !== undefined) patch.name = input.name;
    if (input.rules !== undefined) patch.rules = input.rules;
    if (input.description !== undefined) patch.description = input.description;
    if (input.tiebreaker !== undefined) patch.tiebreaker = input.tiebreaker;
    if (input.tiebreakerThreshold !== undefined) patch.tiebreakerThreshold = input.tiebreakerThreshold;
    if (input.allowMultipleBirdies !== undefined) patch.allowMultipleBirdies = input.allowMultipleBirdies;
    if (input.eagleBonus !== undefined) patch.eagleBonus = input.eagleBonus;
    const [row] = await tx.update(challenges).set(patch).where(eq(challenges.id, challengeId)).returning();
    return viewOf(tx, row, userId, now);
  });
}

export async function deleteChallenge(db: Db, userId: number, challengeId: number): Promise<{ ok: true }> {
  await requireCreator(db, challengeId, userId, "delete");
  // Courses links, players (and later records and chat) go with it through ON DELETE CASCADE.
  await db.delete(challenges).where(eq(challenges.id, challengeId));
  return { ok: true };
}

/**
 * Sets a course: in single mode it replaces the course (the edit page's course change), in hybrid
 * mode it is added to the list. Answers the challenge's courses.
 */
export async function addChallengeCourse(
  db: Db,
  userId: number,
  challengeId: number,
  raw: AddChallengeCourseInput,
): Promise<Course[]> {
  const input = parseInput(addChallengeCourseSchema, raw);
  return db.transaction(async (tx) => {
    const challenge = await requireCreator(tx, challengeId, userId, "courses");
    const course = await resolveCourses(
      tx,
      userId,
      input.courseId === undefined ? [] : [input.courseId],
      input.courseName,
    ).then((l) => l[0]);
    if (challenge.courseMode === "single") {
      await replaceCourses(tx, challengeId, [course]);
    } else {
      const [{ last }] = await tx
        .select({ last: max(challengeCourses.position) })
        .from(challengeCourses)
        .where(eq(challengeCourses.challengeId, challengeId));
      await tx
        .insert(challengeCourses)
        .values({ challengeId, courseId: course.id, position: (last ?? -1) + 1 })
        .onConflictDoNothing();
    }
    return (await summarise(tx, [challenge])).get(challengeId)!.courses;
  });
}

/**
 * Everything a player owns inside one challenge. Runs inside the caller's transaction so a
 * removal is all or nothing.
 *
 * The membership row goes first: deleting it takes the row lock that recording holds (birdies
 * `prepareRecord` selects it FOR UPDATE), so a round in flight commits before the records are
 * deleted (and this statement, run after the wait, sees them), and a round that starts later finds
 * no membership and is refused. Deleting the records first would miss a round that commits while
 * this transaction waits for the membership row.
 */
async function deletePlayerData(tx: Db, challengeId: number, userId: number): Promise<boolean> {
  const removed = await tx
    .delete(challengePlayers)
    .where(and(eq(challengePlayers.challengeId, challengeId), eq(challengePlayers.userId, userId)))
    .returning({ userId: challengePlayers.userId });
  if (!removed.length) return false;
  // The leaderboard totals follow through the trigger on birdie_records.
  await tx
    .delete(birdieRecords)
    .where(and(eq(birdieRecords.challengeId, challengeId), eq(birdieRecords.userId, userId)));
  return true;
}

export async function removePlayer(
  db: Db,
  userId: number,
  challengeId: number,
  playerId: number,
): Promise<{ ok: true }> {
  const challenge = await requireCreator(db, challengeId, userId, "players");
  // The acting user is the creator here, so this also refuses removing oneself.
  if (playerId === challenge.creatorId) throw forbidden(CREATOR_NOT_REMOVABLE);
  await db.transaction(async (tx) => {
    if (!(await deletePlayerData(tx, challengeId, playerId))) throw notFound(PLAYER_NOT_FOUND);
    await announceLeave(tx, challengeId, await displayNameOf(tx, playerId), true);
  });
  return { ok: true };
}

/** Adds a player; false when they were already in (the caller decides what that means). */
export async function addPlayer(db: Db, challengeId: number, userId: number): Promise<boolean> {
  const inserted = await db
    .insert(challengePlayers)
    .values({ challengeId, userId })
    .onConflictDoNothing()
    .returning({ userId: challengePlayers.userId });
  return inserted.length > 0;
}

/** New link code and PIN; the old ones stop working at once. */
export async function regenerateInviteCodes(
  deps: Pick<AppDeps, "limits">,
  db: Db,
  userId: number,
  challengeId: number,
): Promise<InviteCodes> {
  await requireCreator(db, challengeId, userId, "invite");
  await deps.limits.inviteRegenerationPerUser.consume(String(userId), TOO_MANY_INVITE_RESETS);
  for (let attempt = 0; attempt < INVITE_CODE_ATTEMPTS; attempt++) {
    try {
      const [row] = await db
        .update(challenges)
        .set({ inviteCode: generateInviteCode(), invitePin: generateInvitePin() })
        .where(eq(challenges.id, challengeId))
        .returning({ inviteCode: challenges.inviteCode, invitePin: challenges.invitePin });
      return { inviteCode: row.inviteCode, inviteLink: inviteLinkPath(row.inviteCode), invitePin: row.invitePin };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }
  throw new Error("could not generate unique invite codes");
}

import { and, eq, max } from "drizzle-orm";
import type { z } from "zod";
import type { CourseMode } from "../../../shared/domain/challenge-courses";
import { generateInviteCode, generateInvitePin, inviteLinkPath } from "../../../shared/domain/invite-codes";
import {
  type addChallengeCourseProcedureSchema,
  type ChallengeView,
  type challengeIdSchema,
  type createChallengeSchema,
  EDIT_END_BEFORE_START,
  type InviteCodes,
  type removePlayerSchema,
  type transferChallengeProcedureSchema,
  type updateChallengeProcedureSchema,
} from "../../../shared/schemas/challenges";
import type { Course } from "../../../shared/schemas/courses";
import { inTransaction, now, type SignedInContext } from "../../context";
import type { Db } from "../../db/client";
import { type ChallengeRow, challengeCourses, challengePlayers, challenges } from "../../db/schema/challenges";
import { badRequest, forbidden, notFound } from "../../lib/errors";
import { isUniqueViolation } from "../../lib/sql-state";
import { deletePlayerRecords } from "../birdies/queries";
import { announceHandOver, announceLeave } from "../chat/public";
import { coursesByIds, findOrCreateCourse } from "../courses/queries";
import { displayNameOf } from "../users/queries";
import { CHALLENGE_NOT_FOUND, lockChallenge, lockMembership, requireCreator, requireMember } from "./access";
import { courseListOf, viewOf } from "./views";
import { onlyRow } from "../../lib/rows";
import { resultsEvents } from "../results/public";
import { notificationEvents } from "../notifications/public";

// What the creator changes: create, edit, delete, courses, players and invite codes.

export const PLAYER_NOT_FOUND = "Player not found";
export const NEEDS_ONE_COURSE = "Choose a course for a single-course challenge";
export const ONLY_ONE_COURSE = "A single-course challenge has exactly one course";
export const CREATOR_NOT_REMOVABLE = "The creator cannot be removed from the challenge";
export const CREATOR_CANNOT_LEAVE =
  "The creator cannot leave the challenge. Hand it to another member first or delete it.";
export const TRANSFER_NOT_MEMBER = "That golfer is not a member of this challenge";
export const TRANSFER_TO_SELF = "You already run this challenge";
export const TOO_MANY_CHALLENGES = "You have created many challenges recently. Please try again later.";
export const TOO_MANY_INVITE_RESETS = "You have made new invite codes many times recently. Please try again later.";

const INVITE_CODE_ATTEMPTS = 5;

type ChallengeId = z.output<typeof challengeIdSchema>;

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

export async function createChallenge(
  ctx: SignedInContext,
  input: z.output<typeof createChallengeSchema>,
): Promise<ChallengeView> {
  const userId = ctx.user.id;
  // Counted outside the transaction: on PGlite the limiter's own query would wait for it.
  await ctx.deps.limits.challengeCreationPerUser.consume(String(userId), TOO_MANY_CHALLENGES);
  return ctx.db.transaction(async (tx) => {
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
      requireConfirmation: input.requireConfirmation,
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
    // Starts tomorrow / ends in 24 h / ended (docs/product/rules.md#notifications).
    await notificationEvents.scheduleChallenge(tx, row, now(ctx));
    // Final results are frozen at the end moment (docs/product/rules.md#final-results).
    await resultsEvents.scheduleFreeze(tx, row);
    return viewOf(inTransaction(ctx, tx), row);
  });
}

export async function updateChallenge(
  ctx: SignedInContext,
  { id: challengeId, ...input }: z.output<typeof updateChallengeProcedureSchema>,
): Promise<ChallengeView> {
  const userId = ctx.user.id;
  return ctx.db.transaction(async (tx) => {
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
      // with POST /api/challenges/{id}/courses (docs/product/api.md#post-apichallengesidcourses),
      // so a missing course is allowed for that moment.
      const list = await courseListOf(tx, current);
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
    // Toggling it re-decides which records count and refreshes the standings (a trigger, drizzle/0019).
    if (input.requireConfirmation !== undefined) patch.requireConfirmation = input.requireConfirmation;
    const row = onlyRow(await tx.update(challenges).set(patch).where(eq(challenges.id, challengeId)).returning());
    // New dates get their own reminders; those of the old dates find themselves stale and stay quiet.
    await notificationEvents.scheduleChallenge(tx, row, now(ctx));
    // Final results are frozen at the end moment (docs/product/rules.md#final-results).
    await resultsEvents.scheduleFreeze(tx, row);
    return viewOf(inTransaction(ctx, tx), row);
  });
}

export async function deleteChallenge(ctx: SignedInContext, { id }: ChallengeId): Promise<{ ok: true }> {
  await requireCreator(ctx.db, id, ctx.user.id, "delete");
  // Courses links, players, records and chat go with it through ON DELETE CASCADE.
  await ctx.db.delete(challenges).where(eq(challenges.id, id));
  return { ok: true };
}

/**
 * Sets a course: in single mode it replaces the course (the edit page's course change), in hybrid
 * mode it is added to the list. Answers the challenge's courses.
 */
export async function addChallengeCourse(
  ctx: SignedInContext,
  { id: challengeId, ...input }: z.output<typeof addChallengeCourseProcedureSchema>,
): Promise<Course[]> {
  const userId = ctx.user.id;
  return ctx.db.transaction(async (tx) => {
    const challenge = await requireCreator(tx, challengeId, userId, "courses");
    const course = await resolveCourses(
      tx,
      userId,
      input.courseId === undefined ? [] : [input.courseId],
      input.courseName,
    ).then(onlyRow);
    if (challenge.courseMode === "single") {
      await replaceCourses(tx, challengeId, [course]);
    } else {
      const { last } = onlyRow(
        await tx
          .select({ last: max(challengeCourses.position) })
          .from(challengeCourses)
          .where(eq(challengeCourses.challengeId, challengeId)),
      );
      await tx
        .insert(challengeCourses)
        .values({ challengeId, courseId: course.id, position: (last ?? -1) + 1 })
        .onConflictDoNothing();
    }
    return courseListOf(tx, challenge);
  });
}

/**
 * Everything a player owns inside one challenge. Runs inside the caller's transaction so a
 * removal is all or nothing.
 *
 * The membership row goes first: deleting it takes the row lock that recording holds (birdies'
 * recording locks it with `lockMembership`), so a round in flight commits before the records are
 * deleted (and the records' delete, run after the wait, sees them), and a round that starts later
 * finds no membership and is refused. Deleting the records first would miss a round that commits
 * while this transaction waits for the membership row.
 */
async function deletePlayerData(tx: Db, challengeId: number, userId: number): Promise<boolean> {
  const removed = await tx
    .delete(challengePlayers)
    .where(and(eq(challengePlayers.challengeId, challengeId), eq(challengePlayers.userId, userId)))
    .returning({ userId: challengePlayers.userId });
  if (!removed.length) return false;
  await deletePlayerRecords(tx, challengeId, userId);
  return true;
}

export async function removePlayer(
  ctx: SignedInContext,
  { id: challengeId, userId: playerId }: z.output<typeof removePlayerSchema>,
): Promise<{ ok: true }> {
  await ctx.db.transaction(async (tx) => {
    // Locked first, so a hand-over running now finishes before the creator is checked: the new
    // creator is never removed, and a creator who just handed over removes no one.
    await lockChallenge(tx, challengeId);
    const challenge = await requireCreator(tx, challengeId, ctx.user.id, "players");
    // The acting user is the creator here, so this also refuses removing oneself.
    if (playerId === challenge.creatorId) throw forbidden(CREATOR_NOT_REMOVABLE);
    if (!(await deletePlayerData(tx, challengeId, playerId))) throw notFound(PLAYER_NOT_FOUND);
    await announceLeave(tx, challengeId, await displayNameOf(tx, playerId), true);
  });
  return { ok: true };
}

/**
 * A player leaves: the same effect as a removal (records deleted, boards updated), announced as
 * "{name} left the challenge". The creator cannot leave; they hand the challenge over first or
 * delete it (docs/product/rules.md#leaving-and-handing-over).
 */
export async function leaveChallenge(ctx: SignedInContext, { id: challengeId }: ChallengeId): Promise<{ ok: true }> {
  const userId = ctx.user.id;
  await ctx.db.transaction(async (tx) => {
    await lockChallenge(tx, challengeId);
    const challenge = await requireMember(tx, challengeId, userId);
    if (challenge.creatorId === userId) throw forbidden(CREATOR_CANNOT_LEAVE);
    // Waits for a round this player has in flight (see deletePlayerData).
    if (!(await deletePlayerData(tx, challengeId, userId))) throw notFound(CHALLENGE_NOT_FOUND);
    await announceLeave(tx, challengeId, await displayNameOf(tx, userId), false);
  });
  return { ok: true };
}

/**
 * The creator hands the challenge to another member, who then holds every creator right; the old
 * creator stays a player. The target's membership row is locked so a removal or leave cannot
 * take them out between the check and the update. The room reads "{old} handed the challenge over
 * to {new}".
 */
export async function transferChallenge(
  ctx: SignedInContext,
  { id: challengeId, userId: targetId }: z.output<typeof transferChallengeProcedureSchema>,
): Promise<ChallengeView> {
  return ctx.db.transaction(async (tx) => {
    await lockChallenge(tx, challengeId);
    await requireCreator(tx, challengeId, ctx.user.id, "transfer");
    if (targetId === ctx.user.id) throw badRequest(TRANSFER_TO_SELF);
    if (!(await lockMembership(tx, challengeId, targetId))) throw badRequest(TRANSFER_NOT_MEMBER);
    const row = await handOverChallenge(tx, challengeId, await displayNameOf(tx, ctx.user.id), targetId);
    return viewOf(inTransaction(ctx, tx), row);
  });
}

/**
 * Makes another member the creator and tells the room (docs/product/rules.md#leaving-and-handing-over):
 * the one hand-over, for a creator's transfer and for an account deletion's heir. The caller
 * holds the challenge's lock and has checked that `toUserId` is a member.
 */
export async function handOverChallenge(tx: Db, challengeId: number, fromName: string, toUserId: number) {
  const row = onlyRow(
    await tx.update(challenges).set({ creatorId: toUserId }).where(eq(challenges.id, challengeId)).returning(),
  );
  await announceHandOver(tx, challengeId, fromName, await displayNameOf(tx, toUserId));
  return row;
}

/** New link code and PIN; the old ones stop working at once. */
export async function regenerateInviteCodes(ctx: SignedInContext, { id }: ChallengeId): Promise<InviteCodes> {
  await requireCreator(ctx.db, id, ctx.user.id, "invite");
  await ctx.deps.limits.inviteRegenerationPerUser.consume(String(ctx.user.id), TOO_MANY_INVITE_RESETS);
  for (let attempt = 0; attempt < INVITE_CODE_ATTEMPTS; attempt++) {
    try {
      const row = onlyRow(
        await ctx.db
          .update(challenges)
          .set({ inviteCode: generateInviteCode(), invitePin: generateInvitePin() })
          .where(eq(challenges.id, id))
          .returning({ inviteCode: challenges.inviteCode, invitePin: challenges.invitePin }),
      );
      return { inviteCode: row.inviteCode, inviteLink: inviteLinkPath(row.inviteCode), invitePin: row.invitePin };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
    }
  }
  throw new Error("could not generate unique invite codes");
}

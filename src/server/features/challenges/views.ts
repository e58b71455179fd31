import { and, asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { courseInfoText, summariseCourseNames } from "../../../shared/domain/challenge-courses";
import { challengeStatus, nextStatusChange } from "../../../shared/domain/challenge-timing";
import { inviteLinkPath } from "../../../shared/domain/invite-codes";
import type {
  ChallengeListItem,
  ChallengePlayer,
  ChallengeView,
  challengeIdSchema,
} from "../../../shared/schemas/challenges";
import type { Course } from "../../../shared/schemas/courses";
import { now, type SignedInContext } from "../../context";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import { readDeps, readThrough } from "../../lib/read-cache";
import { noteValidUntil } from "../../lib/read-trace";
import { type ChallengeRow, challengePlayers, challenges } from "../../db/schema/challenges";
import { users } from "../../db/schema/users";
import { holeSummariesFor } from "../birdies/queries";
import { requireMember } from "./access";
import { type ChallengeSummary, summarise } from "./queries";

// What members read about their challenges: the view shapes (docs/product/api.md#challengeview-and-challengelistitem)
// and the read services behind them.

type ChallengeId = z.output<typeof challengeIdSchema>;

function toView(row: ChallengeRow, summary: ChallengeSummary, viewerId: number, at: Date): ChallengeView {
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
    requireConfirmation: row.requireConfirmation,
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
    status: challengeStatus(row.startDate, row.endDate, at),
  };
}

/** The challenge as `ctx`'s user sees it (the answer of create and update), read through `ctx.db`. */
export async function viewOf(ctx: SignedInContext, row: ChallengeRow): Promise<ChallengeView> {
  const summary = (await summarise(ctx.db, [row])).get(row.id)!;
  return toView(row, summary, ctx.user.id, now(ctx));
}

/** The challenge's courses, in their order. */
export async function courseListOf(db: Db, row: ChallengeRow): Promise<Course[]> {
  return (await summarise(db, [row])).get(row.id)!.courses;
}

type HoleProgress = Pick<ChallengeListItem, "progress" | "birdiedHoles" | "eagleHoles" | "holeCounts" | "points">;

const NO_PROGRESS: HoleProgress = { progress: 0, birdiedHoles: [], eagleHoles: [], holeCounts: {}, points: 0 };

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

/** One challenge with the caller's own progress in it (members only). */
export async function getChallenge(ctx: SignedInContext, { id }: ChallengeId): Promise<ChallengeListItem> {
  const row = await requireMember(ctx.db, id, ctx.user.id);
  const view = await viewOf(ctx, row);
  const progress = (await holeProgressFor(ctx.db, ctx.user.id, [row])).get(row.id) ?? NO_PROGRESS;
  return { ...view, ...progress };
}

type ListedChallenge = { row: ChallengeRow; summary: ChallengeSummary; progress: HoleProgress };

/** The caller's challenges with what their list shows, as read (the time-dependent status is not in it). */
async function readUserChallenges(db: Db, userId: number): Promise<ListedChallenge[]> {
  const rows = await prepared(db, "user_challenges", (d) =>
    d
      .select({ challenge: challenges })
      .from(challenges)
      .innerJoin(
        challengePlayers,
        and(eq(challengePlayers.challengeId, challenges.id), eq(challengePlayers.userId, sql.placeholder("userId"))),
      )
      .orderBy(asc(challenges.startDate), asc(challenges.id)),
  ).execute({ userId });
  const list = rows.map((r) => r.challenge);
  const [summaries, progress] = await Promise.all([summarise(db, list), holeProgressFor(db, userId, list)]);
  return list.map((row) => ({ row, summary: summaries.get(row.id)!, progress: progress.get(row.id) ?? NO_PROGRESS }));
}

/**
 * GET /api/users/{id}/challenges: every challenge the caller plays in, oldest start first. Read
 * through the process's read cache: the list changes with the caller's memberships and records,
 * and with each listed challenge and its creator's name (ADR 0056).
 */
export async function listUserChallenges(ctx: SignedInContext): Promise<ChallengeListItem[]> {
  const { user } = ctx;
  const listed = await readThrough(
    ctx,
    `challenges:${user.id}`,
    () => readUserChallenges(ctx.db, user.id),
    (items) => [
      readDeps.user(user.id),
      ...items.flatMap(({ row }) => [readDeps.challenge(row.id), readDeps.name(row.creatorId)]),
    ],
  );
  const at = now(ctx);
  // Each status holds until its challenge starts or ends: a memoised list is good until the first.
  let until = Number.POSITIVE_INFINITY;
  for (const { row } of listed) until = Math.min(until, nextStatusChange(row.startDate, row.endDate, at));
  noteValidUntil(until);
  return listed.map(({ row, summary, progress }) => ({ ...toView(row, summary, user.id, at), ...progress }));
}

export async function listChallengeCourses(ctx: SignedInContext, { id }: ChallengeId): Promise<Course[]> {
  const challenge = await requireMember(ctx.db, id, ctx.user.id);
  return courseListOf(ctx.db, challenge);
}

export async function listPlayers(ctx: SignedInContext, { id }: ChallengeId): Promise<ChallengePlayer[]> {
  const challenge = await requireMember(ctx.db, id, ctx.user.id);
  const rows = await ctx.db
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
    .where(eq(challengePlayers.challengeId, id))
    .orderBy(asc(challengePlayers.joinedAt), asc(users.id));
  return rows.map((r) => ({
    ...r,
    handicap: r.handicap === null || r.handicap === undefined ? null : Number(r.handicap),
    joinedAt: r.joinedAt.toISOString(),
    isCreator: r.id === challenge.creatorId,
  }));
}

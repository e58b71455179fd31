import { and, asc, desc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Achievement, UserAchievement, userAchievementsSchema } from "../../../shared/schemas/achievements";
import type { ServiceContext, SignedInContext } from "../../context";
import { type AchievementRow, achievements, userAchievements } from "../../db/schema/achievements";
import { challengePlayers } from "../../db/schema/challenges";
import { readDeps, readThrough } from "../../lib/read-cache";

function toAchievement(row: AchievementRow): Achievement {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    category: row.category,
    achievementType: row.achievementType,
    icon: row.icon,
  };
}

export async function listAchievements(ctx: ServiceContext): Promise<Achievement[]> {
  const list = await ctx.db.select().from(achievements).orderBy(asc(achievements.sortOrder), asc(achievements.id));
  return list.map(toAchievement);
}

/**
 * A user's earned achievements, newest first (any signed-in user may look: profiles are social).
 * The challenge an achievement was earned in is named only to the viewer's fellow members: the
 * ids of member-only challenges leak to no one else (the viewer's own list follows the same rule,
 * so a challenge they have left is not named either).
 */
export async function listUserAchievements(
  ctx: SignedInContext,
  { userId }: z.output<typeof userAchievementsSchema>,
): Promise<UserAchievement[]> {
  // Through the read cache (ADR 0063): the list changes when the golfer is awarded one (drizzle/0028
  // announces it) and which challenges it names, when the viewer joins or leaves one.
  return readThrough(
    ctx,
    `achievements:${userId}:${ctx.user.id}`,
    () => readUserAchievements(ctx, userId),
    () => [readDeps.achievements(userId), readDeps.user(ctx.user.id)],
  );
}

async function readUserAchievements(ctx: SignedInContext, userId: number): Promise<UserAchievement[]> {
  const list = await ctx.db
    .select({ ua: userAchievements, a: achievements, viewerMember: challengePlayers.userId })
    .from(userAchievements)
    .innerJoin(achievements, eq(achievements.id, userAchievements.achievementId))
    .leftJoin(
      challengePlayers,
      and(eq(challengePlayers.challengeId, userAchievements.challengeId), eq(challengePlayers.userId, ctx.user.id)),
    )
    .where(eq(userAchievements.userId, userId))
    // Achievements earned together (First Birdie with Early Bird) come in catalogue order.
    .orderBy(desc(userAchievements.earnedAt), asc(achievements.sortOrder));
  return list.map(({ ua, a, viewerMember }) => ({
    id: ua.id,
    achievementId: a.id,
    challengeId: viewerMember === null ? null : ua.challengeId,
    dateEarned: ua.earnedAt.toISOString(),
    achievement: toAchievement(a),
  }));
}

import { desc, eq, max, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import type { CourseSuggestions, courseSuggestionsSchema } from "../../../shared/schemas/birdies";
import type { SignedInContext } from "../../context";
import { birdieRecords } from "../../db/schema/birdies";
import { courses } from "../../db/schema/challenges";
import { requireMember } from "../challenges/access";
import { coursesOf } from "../challenges/queries";

const RECENT_LIMIT = 5;
const CHALLENGE_LIMIT = 20;

/**
 * birdies.courseSuggestions: the courses a hybrid round is most likely played on
 * (docs/product/routes-and-screens.md#record-birdies): the challenge's own courses and every
 * course already played in it (by any player, the most played first), then the golfer's own
 * recent courses elsewhere. Members only, as every read of a challenge.
 */
export async function courseSuggestions(
  ctx: SignedInContext,
  { challengeId }: z.output<typeof courseSuggestionsSchema>,
): Promise<CourseSuggestions> {
  const userId = ctx.user.id;
  await requireMember(ctx.db, challengeId, userId);
  const [own, played, recent] = await Promise.all([
    coursesOf(ctx.db, challengeId),
    ctx.db
      .select({ id: courses.id, name: courses.name, uses: sql<number>`count(*)::int` })
      .from(birdieRecords)
      .innerJoin(courses, eq(courses.id, birdieRecords.courseId))
      .where(eq(birdieRecords.challengeId, challengeId))
      .groupBy(courses.id, courses.name)
      .orderBy(desc(sql`count(*)`), desc(max(birdieRecords.createdAt)))
      .limit(CHALLENGE_LIMIT),
    ctx.db
      .select({ id: courses.id, name: courses.name, last: max(birdieRecords.createdAt) })
      .from(birdieRecords)
      .innerJoin(courses, eq(courses.id, birdieRecords.courseId))
      .where(sql`${birdieRecords.userId} = ${userId} and ${ne(birdieRecords.challengeId, challengeId)}`)
      .groupBy(courses.id, courses.name)
      .orderBy(desc(max(birdieRecords.createdAt)))
      .limit(RECENT_LIMIT + CHALLENGE_LIMIT),
  ]);
  const inChallenge = new Map<number, { id: number; name: string }>();
  for (const c of [...own, ...played]) if (!inChallenge.has(c.id)) inChallenge.set(c.id, { id: c.id, name: c.name });
  const recentCourses = recent
    .filter((c) => !inChallenge.has(c.id))
    .slice(0, RECENT_LIMIT)
    .map((c) => ({ id: c.id, name: c.name }));
  return { challengeCourses: [...inChallenge.values()], recentCourses };
}

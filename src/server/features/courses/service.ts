import { asc, sql } from "drizzle-orm";
import type { z } from "zod";
import { normaliseCourseName } from "../../../shared/domain/challenge-courses";
import {
  COURSE_EXISTS,
  type Course,
  type courseIdSchema,
  type courseSearchSchema,
  type createCourseSchema,
} from "../../../shared/schemas/courses";
import type { ServiceContext, SignedInContext } from "../../context";
import { courses } from "../../db/schema/challenges";
import { conflict } from "../../lib/errors";
import { coursesByIds, toCourse } from "./queries";
import { onlyRow } from "../../lib/rows";

const SEARCH_LIMIT = 20;
export const TOO_MANY_COURSES = "You have added many courses recently. Please try again later.";

/** LIKE treats % and _ as wildcards; a golfer typing them means the characters themselves. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** Case-insensitive substring search; names starting with the text come first. */
export async function searchCourses(
  ctx: ServiceContext,
  { q }: z.output<typeof courseSearchSchema>,
): Promise<Course[]> {
  // Compared as names are stored (spaces collapsed), without letter case.
  const needle = normaliseCourseName(q).toLowerCase();
  const pattern = `%${escapeLike(needle)}%`;
  const prefix = `${escapeLike(needle)}%`;
  const rows = await ctx.db
    .select({ id: courses.id, name: courses.name })
    .from(courses)
    .where(needle ? sql`lower(${courses.name}) like ${pattern}` : undefined)
    .orderBy(
      sql`case when lower(${courses.name}) like ${prefix} then 0 else 1 end`,
      asc(sql`lower(${courses.name})`),
      asc(courses.id),
    )
    .limit(SEARCH_LIMIT);
  return rows.map(toCourse);
}

export async function getCourse(ctx: ServiceContext, { id }: z.output<typeof courseIdSchema>): Promise<Course> {
  return onlyRow(await coursesByIds(ctx.db, [id]));
}

/**
 * Creates a course; a name that exists in any letter case is a 409 the client answers by
 * searching. Each golfer may add so many an hour (a taken name counts too).
 */
export async function createCourse(
  ctx: SignedInContext,
  { name }: z.output<typeof createCourseSchema>,
): Promise<Course> {
  await ctx.deps.limits.courseCreationPerUser.consume(String(ctx.user.id), TOO_MANY_COURSES);
  // ON CONFLICT instead of catching the unique violation: inside a caller's transaction a failed
  // statement would abort the whole transaction.
  const [row] = await ctx.db
    .insert(courses)
    .values({ name, createdById: ctx.user.id })
    .onConflictDoNothing()
    .returning({ id: courses.id, name: courses.name });
  if (!row) throw conflict(COURSE_EXISTS);
  return toCourse(row);
}

import { asc, eq, inArray, sql } from "drizzle-orm";
import {
  COURSE_EXISTS,
  courseNameSchema,
  courseSearchSchema,
  createCourseSchema,
  type Course,
  type CourseSearchInput,
  type CreateCourseInput,
} from "../../../shared/schemas/courses";
import type { Db } from "../../db/client";
import type { AppDeps } from "../../deps";
import { courses } from "../../db/schema/challenges";
import { conflict, notFound } from "../../lib/errors";
import { parseInput } from "../../lib/validate";

export const COURSE_NOT_FOUND = "Course not found";
const SEARCH_LIMIT = 20;

const toCourse = (row: { id: number; name: string }): Course => ({ id: row.id, name: row.name });

/** LIKE treats % and _ as wildcards; a golfer typing them means the characters themselves. */
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** Case-insensitive substring search; names starting with the text come first. */
export async function searchCourses(db: Db, raw: CourseSearchInput): Promise<Course[]> {
  const { q } = parseInput(courseSearchSchema, raw);
  const needle = q.toLowerCase().replace(/\s+/g, " ");
  const pattern = `%${escapeLike(needle)}%`;
  const prefix = `${escapeLike(needle)}%`;
  const rows = await db
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

export async function getCourse(db: Db, id: number): Promise<Course> {
  const [row] = await db.select({ id: courses.id, name: courses.name }).from(courses).where(eq(courses.id, id));
  if (!row) throw notFound(COURSE_NOT_FOUND);
  return toCourse(row);
}

export const TOO_MANY_COURSES = "You have added many courses recently. Please try again later.";

/**
 * Creates a course; a name that exists in any letter case is a 409 the client answers by
 * searching. Each golfer may add so many an hour (a taken name counts too).
 */
export async function createCourse(
  deps: Pick<AppDeps, "limits">,
  db: Db,
  userId: number,
  raw: CreateCourseInput,
): Promise<Course> {
  const { name } = parseInput(createCourseSchema, raw);
  await deps.limits.courseCreationPerUser.consume(String(userId), TOO_MANY_COURSES);
  // ON CONFLICT instead of catching the unique violation: inside a caller's transaction a failed
  // statement would abort the whole transaction.
  const [row] = await db
    .insert(courses)
    .values({ name, createdById: userId })
    .onConflictDoNothing()
    .returning({ id: courses.id, name: courses.name });
  if (!row) throw conflict(COURSE_EXISTS);
  return toCourse(row);
}

/** The course with this name in any letter case, created when there is none (challenge forms). */
export async function findOrCreateCourse(db: Db, userId: number, rawName: string): Promise<Course> {
  const name = parseInput(courseNameSchema, rawName);
  const find = () =>
    db
      .select({ id: courses.id, name: courses.name })
      .from(courses)
      .where(sql`lower(${courses.name}) = lower(${name})`)
      .limit(1);
  const [existing] = await find();
  if (existing) return toCourse(existing);
  const [created] = await db
    .insert(courses)
    .values({ name, createdById: userId })
    .onConflictDoNothing()
    .returning({ id: courses.id, name: courses.name });
  if (created) return toCourse(created);
  // Someone created it between our look-up and insert: theirs is the course.
  const [raced] = await find();
  if (!raced) throw conflict(COURSE_EXISTS);
  return toCourse(raced);
}

/** The courses with these ids, in the order asked; 404 when any id names no course. */
export async function coursesByIds(db: Db, ids: readonly number[]): Promise<Course[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ id: courses.id, name: courses.name })
    .from(courses)
    .where(inArray(courses.id, [...ids]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const row = byId.get(id);
    if (!row) throw notFound(COURSE_NOT_FOUND);
    return toCourse(row);
  });
}

import { inArray, sql } from "drizzle-orm";
import { courseNameSchema, COURSE_EXISTS, type Course } from "../../../shared/schemas/courses";
import type { Db } from "../../db/client";
import { courses } from "../../db/schema/challenges";
import { conflict, notFound } from "../../lib/errors";
import { parseInput } from "../../lib/validate";

// Courses as other features need them (challenge forms, recording): plain queries taking `db`,
// usually the caller's transaction (ADR 0022).

export const COURSE_NOT_FOUND = "Course not found";

export const toCourse = (row: { id: number; name: string }): Course => ({ id: row.id, name: row.name });

/**
 * The course with this name in any letter case, created when there is none (challenge forms,
 * hybrid recording). The name is checked and normalised here: recording takes free text that is
 * a course name only in a hybrid challenge, which its schema cannot know.
 */
export async function findOrCreateCourse(db: Db, userId: number, typedName: string): Promise<Course> {
  const name = parseInput(courseNameSchema, typedName);
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

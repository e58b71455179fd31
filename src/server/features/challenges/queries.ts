import { asc, eq, gt, sql } from "drizzle-orm";
import type { Course } from "../../../shared/schemas/courses";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import { type ChallengeRow, challengeCourses, challengePlayers, challenges, courses } from "../../db/schema/challenges";
import { users } from "../../db/schema/users";
import { UNKNOWN_USER } from "../users/queries";

// Reads of challenges that other features need (invite previews, recording), without any access
// check: callers decide who may see them (ADR 0022).

export type ChallengeSummary = { courses: Course[]; playerCount: number; creatorName: string };

/** Courses, player counts and creator names for many challenges in one prepared query. */
export async function summarise(db: Db, rows: readonly ChallengeRow[]): Promise<Map<number, ChallengeSummary>> {
  const out = new Map<number, ChallengeSummary>();
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
      .where(sql`${challenges.id} = any(${sql.placeholder("ids")}::int[])`),
  ).execute({ ids: rows.map((r) => r.id) });
  const byId = new Map(found.map((f) => [f.id, f]));
  for (const r of rows) {
    const f = byId.get(r.id);
    out.set(r.id, {
      courses: f?.courses ?? [],
      playerCount: Number(f?.playerCount ?? 0),
      creatorName: f?.creatorName ?? UNKNOWN_USER,
    });
  }
  return out;
}

/** The challenge's courses in their order (the first is a single-course challenge's course). */
export async function coursesOf(db: Db, challengeId: number): Promise<Course[]> {
  return prepared(db, "challenge_courses_of", (d) =>
    d
      .select({ id: courses.id, name: courses.name })
      .from(challengeCourses)
      .innerJoin(courses, eq(courses.id, challengeCourses.courseId))
      .where(eq(challengeCourses.challengeId, sql.placeholder("challengeId")))
      .orderBy(asc(challengeCourses.position)),
  ).execute({ challengeId });
}

/** The challenge with this id, or undefined. */
export async function findChallenge(db: Db, challengeId: number): Promise<ChallengeRow | undefined> {
  const [row] = await prepared(db, "challenge_by_id", (d) =>
    d
      .select()
      .from(challenges)
      .where(eq(challenges.id, sql.placeholder("challengeId"))),
  ).execute({ challengeId });
  return row;
}

/** The ids of a challenge's players. */
export async function memberIdsOf(db: Db, challengeId: number): Promise<number[]> {
  const rows = await prepared(db, "challenge_member_ids", (d) =>
    d
      .select({ userId: challengePlayers.userId })
      .from(challengePlayers)
      .where(eq(challengePlayers.challengeId, sql.placeholder("challengeId"))),
  ).execute({ challengeId });
  return rows.map((r) => r.userId);
}

/** Challenges that end after `date` (the reminder schedule of those still to come). */
export async function challengesEndingAfter(
  db: Db,
  date: Date,
): Promise<{ id: number; startDate: Date; endDate: Date }[]> {
  return db
    .select({ id: challenges.id, startDate: challenges.startDate, endDate: challenges.endDate })
    .from(challenges)
    .where(gt(challenges.endDate, date));
}

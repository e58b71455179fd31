import { asc, count, countDistinct, desc, eq, sql } from "drizzle-orm";
import { type AdminAnalytics, ANALYTICS_WEEKS, BUSIEST_COURSES } from "../../../shared/schemas/admin";
import { now, type SignedInContext } from "../../context";
import { rows } from "../../db/raw";
import { achievements, userAchievements } from "../../db/schema/achievements";
import { birdieRecords } from "../../db/schema/birdies";
import { courses } from "../../db/schema/challenges";
import { at } from "./sql";

/** Records per hole, the busiest courses, achievements earned and weekly active golfers. */
export async function analytics(ctx: SignedInContext): Promise<AdminAnalytics> {
  const { db } = ctx;
  // All 18 holes, zero-filled by generate_series (so SQL by hand); birdie or eagle by the SQL
  // scoring rule (drizzle/0011, docs/product/rules.md#birdie-or-eagle).
  const holes = await rows<{ hole_number: number; records: number; birdies: number; eagles: number }>(
    db,
    sql`
    select g.h::int as hole_number, count(r.id)::int as records,
           (count(r.id) filter (where not is_eagle(r.score)))::int as birdies,
           (count(r.id) filter (where is_eagle(r.score)))::int as eagles
    from generate_series(1, 18) as g(h)
    left join birdie_records r on r.hole_number = g.h
    group by g.h order by g.h`,
  );
  const records = count(birdieRecords.id);
  const busiestCourses = await db
    .select({
      id: courses.id,
      name: courses.name,
      records,
      players: countDistinct(birdieRecords.userId),
      challenges: countDistinct(birdieRecords.challengeId),
    })
    .from(birdieRecords)
    .innerJoin(courses, eq(courses.id, birdieRecords.courseId))
    .groupBy(courses.id, courses.name)
    .orderBy(desc(records), asc(courses.name))
    .limit(BUSIEST_COURSES);
  const earned = await db
    .select({
      achievementType: achievements.achievementType,
      name: achievements.name,
      category: achievements.category,
      icon: achievements.icon,
      earned: count(userAchievements.id),
    })
    .from(achievements)
    .leftJoin(userAchievements, eq(userAchievements.achievementId, achievements.id))
    .groupBy(achievements.id)
    .orderBy(asc(achievements.sortOrder), asc(achievements.id));
  // Weekly active users: distinct users with a record created in each ISO week (UTC, from
  // Monday), zero-filled: date bucketing, so SQL by hand as well.
  const weeks = await rows<{ week_start: string; active_users: number; records: number }>(
    db,
    sql`
    with weeks as (
      select (date_trunc('week', ${at(now(ctx))} at time zone 'UTC')::date - 7 * g.i) as week_start
      from generate_series(0, ${ANALYTICS_WEEKS - 1}) as g(i)
    )
    select to_char(w.week_start, 'YYYY-MM-DD') as week_start,
           count(distinct r.user_id)::int as active_users, count(r.id)::int as records
    from weeks w
    left join birdie_records r
      on r.created_at >= (w.week_start::timestamp at time zone 'UTC')
     and r.created_at < ((w.week_start + 7)::timestamp at time zone 'UTC')
    group by w.week_start order by w.week_start`,
  );
  return {
    holes: holes.map((h) => ({ holeNumber: h.hole_number, records: h.records, birdies: h.birdies, eagles: h.eagles })),
    busiestCourses,
    achievements: earned,
    weeklyActive: weeks.map((w) => ({ weekStart: w.week_start, activeUsers: w.active_users, records: w.records })),
  };
}

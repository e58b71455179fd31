import { and, count, eq, gt, gte, lt, lte, sql } from "drizzle-orm";
import { type AdminDashboard, DASHBOARD_DAYS, RECENT_AUDIT_ENTRIES } from "../../../shared/schemas/admin";
import { now, type SignedInContext } from "../../context";
import { rows } from "../../db/raw";
import { birdieRecords } from "../../db/schema/birdies";
import { challenges } from "../../db/schema/challenges";
import { supportRequests } from "../../db/schema/support";
import { users } from "../../db/schema/users";
import { auditEntries } from "./audit";
import { at } from "./sql";
import { onlyRow } from "../../lib/rows";

const DAY_MS = 86_400_000;

/** Midnight UTC of `t`'s day, and of the Monday of its ISO week. */
function utcDayAndWeekStart(t: Date): { day: Date; week: Date } {
  const day = new Date(Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate()));
  const sinceMonday = (t.getUTCDay() + 6) % 7;
  return { day, week: new Date(day.getTime() - sinceMonday * DAY_MS) };
}

/** The admin home: totals now, a 30-day series and the latest audit entries. */
export async function dashboard(ctx: SignedInContext): Promise<AdminDashboard> {
  const { db } = ctx;
  const t = now(ctx);
  const start = utcDayAndWeekStart(t);
  const recordsSince = (from: Date) =>
    db.$count(birdieRecords, and(gte(birdieRecords.createdAt, from), lte(birdieRecords.createdAt, t)));
  // One statement, so the totals are of one moment: the users table's own count, the rest as
  // scalar subqueries beside it.
  const totals = onlyRow(
    await db
      .select({
        users: count(),
        admins: db.$count(users, eq(users.isAdmin, true)),
        disabledUsers: db.$count(users, eq(users.disabled, true)),
        // The same boundaries as challengeStatus(): active from start to end, both instants included.
        challengesActive: db.$count(challenges, and(lte(challenges.startDate, t), gte(challenges.endDate, t))),
        challengesUpcoming: db.$count(challenges, gt(challenges.startDate, t)),
        challengesPast: db.$count(challenges, lt(challenges.endDate, t)),
        birdiesToday: recordsSince(start.day),
        birdiesThisWeek: recordsSince(start.week),
        openSupportRequests: db.$count(supportRequests, eq(supportRequests.status, "open")),
      })
      .from(users),
  );

  // One row per UTC day of the last 30 (today included), zero-filled by generate_series: date
  // bucketing drizzle's builder cannot express, so this one is SQL by hand.
  const daily = await rows<{ day: string; sign_ups: number; records: number }>(
    db,
    sql`
    with days as (
      select ((${at(t)} at time zone 'UTC')::date - g.i) as day
      from generate_series(0, ${DASHBOARD_DAYS - 1}) as g(i)
    ),
    first_day as (select (min(day)::timestamp at time zone 'UTC') as start from days),
    sign_ups as (
      select (u.created_at at time zone 'UTC')::date as day, count(*)::int as n
      from users u, first_day where u.created_at >= first_day.start group by 1
    ),
    records as (
      select (r.created_at at time zone 'UTC')::date as day, count(*)::int as n
      from birdie_records r, first_day where r.created_at >= first_day.start group by 1
    )
    select to_char(days.day, 'YYYY-MM-DD') as day, coalesce(sign_ups.n, 0) as sign_ups, coalesce(records.n, 0) as records
    from days
    left join sign_ups on sign_ups.day = days.day
    left join records on records.day = days.day
    order by days.day`,
  );

  return {
    totals,
    daily: daily.map((d) => ({ day: d.day, signUps: d.sign_ups, records: d.records })),
    recentAudit: await auditEntries(db, { limit: RECENT_AUDIT_ENTRIES }),
  };
}

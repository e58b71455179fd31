import { and, eq, sql } from "drizzle-orm";
import { HOLES_PER_CHALLENGE } from "../../../shared/domain/challenge-progress";
import { dayOfWeek, monthOf } from "../../../shared/domain/periods";
import type { Achievement, AchievementType } from "../../../shared/schemas/achievements";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import { statement } from "../../db/raw";
import { achievements, challengeFirstRecords, userAchievements } from "../../db/schema/achievements";
import { birdieRecords } from "../../db/schema/birdies";
import { onlyRow } from "../../lib/rows";

// Awarding achievements, called by the birdies feature inside its recording transaction
// (docs/product/rules.md#achievements). The data-modifying CTE below is raw SQL: drizzle cannot
// express an insert inside a WITH.

export const MILESTONE_COUNT = 10;
export const HALFWAY_HOLES = HOLES_PER_CHALLENGE / 2;
const WINTER_MONTHS = new Set([12, 1, 2]);

export type NewRecord = { holeNumber: number; score: number; date: string; courseId: number };

/** True when `holes` contains a run of `length` consecutive hole numbers. */
export function hasRun(holes: Iterable<number>, length: number): boolean {
  const set = new Set(holes);
  for (const h of set) {
    let n = 1;
    while (set.has(h + n)) n++;
    if (n >= length) return true;
  }
  return false;
}

/**
 * Decides and awards what the records just written earn. Runs inside the recording transaction,
 * after the records are inserted; each achievement is earned once per user (a unique index), so
 * a repeated check awards nothing twice. Returns only the achievements earned now.
 */
export async function awardForRecords(
  tx: Db,
  userId: number,
  challengeId: number,
  fresh: readonly NewRecord[],
  now = new Date(),
): Promise<Achievement[]> {
  if (!fresh.length) return [];
  const earned = new Set<AchievementType>();

  // The reads the rules need, plus the early-bird claim, sent together (pipelined on PostgreSQL).
  // Consecutive holes count within one round: same challenge, date and course.
  const rounds = new Map<string, NewRecord>();
  for (const r of fresh) rounds.set(`${r.date}|${r.courseId}`, r);
  const [held, totalRows, roundHoles, [first]] = await Promise.all([
    heldTypes(tx, { userId }),
    totalsOf(tx, { userId, challengeId }),
    Promise.all(
      [...rounds.values()].map((r) =>
        roundHolesOf(tx).execute({ userId, challengeId, date: r.date, courseId: r.courseId }),
      ),
    ),
    // The first record in the challenge wins early_bird; the primary key settles races.
    claimFirstRecord(tx).execute({ challengeId, userId }),
  ]);
  const totals = onlyRow(totalRows);
  if (totals.total >= 1) earned.add("first_birdie");
  if (totals.total >= MILESTONE_COUNT) earned.add("milestone_birdie");
  if (totals.holes >= HALFWAY_HOLES) earned.add("halfway");
  if (totals.holes >= HOLES_PER_CHALLENGE) earned.add("complete_set");

  for (const r of fresh) {
    const dow = dayOfWeek(r.date);
    if (dow === 0 || dow === 6) earned.add("weekend_warrior");
    if (WINTER_MONTHS.has(monthOf(r.date))) earned.add("weather_warrior");
  }

  for (const holes of roundHoles) {
    const numbers = holes.map((h) => h.hole);
    if (hasRun(numbers, 2)) earned.add("dual_birdie");
    if (hasRun(numbers, 3)) earned.add("triple_threat");
  }
  if (first) earned.add("early_bird");

  // Each achievement is once per golfer: what they hold already is not awarded again. Most records
  // of a golfer who has played a while earn nothing new, and then the transaction sends no award
  // statement at all (one round trip less while it holds the golfer's membership lock, issue 19).
  // A race with another of their transactions is still settled by the insert's conflict clause.
  for (const h of held) earned.delete(h.type as AchievementType);
  if (!earned.size) return [];
  return award(tx, { userId, challengeId, at: now.toISOString(), types: JSON.stringify([...earned]) });
}

// The statements above, built once (issue 19: building them cost more server CPU than running them).

/**
 * The total only matters up to the milestone: counting stops there (busy golfers have thousands).
 * Distinct holes come from the standing the records' trigger already updated in this transaction
 * (ADR 0036).
 */
const totalsOf = statement<{ total: number; holes: number }>(
  sql`select
        (select count(*)::int from (select 1 from ${birdieRecords} b join challenges c on c.id = b.challenge_id
           where b.user_id = ${sql.placeholder("userId")} and verification_counts(b.verification_status, c.require_confirmation)
           limit ${sql.raw(String(MILESTONE_COUNT))}) r) as total,
        coalesce((select s.holes from challenge_standings s
           where s.user_id = ${sql.placeholder("userId")} and s.challenge_id = ${sql.placeholder("challengeId")}), 0) as holes`,
);

/** A round's distinct holes whose records may count (docs/product/rules.md#verification). */
const roundHolesOf = (tx: Db) =>
  prepared(tx, "award_round_holes", (d) =>
    d
      .selectDistinct({ hole: birdieRecords.holeNumber })
      .from(birdieRecords)
      .where(
        and(
          eq(birdieRecords.userId, sql.placeholder("userId")),
          eq(birdieRecords.challengeId, sql.placeholder("challengeId")),
          eq(birdieRecords.datePlayed, sql.placeholder("date")),
          eq(birdieRecords.courseId, sql.placeholder("courseId")),
          sql`verification_counts(${birdieRecords.verificationStatus}, (select require_confirmation from challenges where id = ${sql.placeholder("challengeId")}))`,
        ),
      ),
  );

const claimFirstRecord = (tx: Db) =>
  prepared(tx, "award_first_record", (d) =>
    d
      .insert(challengeFirstRecords)
      .values({ challengeId: sql.placeholder("challengeId"), userId: sql.placeholder("userId") })
      .onConflictDoNothing()
      .returning(),
  );

/** The achievement types the golfer holds (user_achievements' unique index, by its first column). */
const heldTypes = statement<{ type: string }>(
  sql`select a.achievement_type as type from ${userAchievements} ua
      join ${achievements} a on a.id = ua.achievement_id
      where ua.user_id = ${sql.placeholder("userId")}`,
);

/**
 * Awarded and read back in one statement: only the rows inserted now come back. Columns named as
 * the Achievement view names them, so rows come back ready to return.
 */
const award = statement<Achievement>(
  sql`with awarded as (
        insert into ${userAchievements} (user_id, achievement_id, challenge_id, earned_at)
        select ${sql.placeholder("userId")}, a.id, ${sql.placeholder("challengeId")}, ${sql.placeholder("at")}::timestamptz
        from ${achievements} a
        where a.achievement_type in (select jsonb_array_elements_text(${sql.placeholder("types")}::jsonb))
        on conflict (user_id, achievement_id) do nothing
        returning achievement_id
      )
      select a.id, a.name, a.description, a.category, a.achievement_type as "achievementType", a.icon
      from ${achievements} a join awarded w on w.achievement_id = a.id
      order by a.sort_order, a.id`,
);
export { listUserAchievements } from "./service";

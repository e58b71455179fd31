import { and, eq, sql } from "drizzle-orm";
import { HOLES_PER_CHALLENGE } from "../../../shared/domain/challenge-progress";
import { dayOfWeek, monthOf } from "../../../shared/domain/periods";
import type { Achievement, AchievementType } from "../../../shared/schemas/achievements";
import type { Db } from "../../db/client";
import { rows } from "../../db/raw";
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
  const [totalRows, roundHoles, [first]] = await Promise.all([
    rows<{ total: number; holes: number }>(
      tx,
      // The total only matters up to the milestone: counting stops there (busy golfers have thousands).
      // Distinct holes come from the standing the records' trigger already updated in this
      // transaction (ADR 0036).
      sql`select
            (select count(*)::int from (select 1 from ${birdieRecords} b join challenges c on c.id = b.challenge_id
               where b.user_id = ${userId} and verification_counts(b.verification_status, c.require_confirmation)
               limit ${MILESTONE_COUNT}) r) as total,
            coalesce((select s.holes from challenge_standings s
               where s.user_id = ${userId} and s.challenge_id = ${challengeId}), 0) as holes`,
    ),
    Promise.all(
      [...rounds.values()].map((r) =>
        tx
          .selectDistinct({ hole: birdieRecords.holeNumber })
          .from(birdieRecords)
          .where(
            and(
              eq(birdieRecords.userId, userId),
              eq(birdieRecords.challengeId, challengeId),
              eq(birdieRecords.datePlayed, r.date),
              eq(birdieRecords.courseId, r.courseId),
              // Only records whose verification status may count earn (docs/product/rules.md#verification).
              sql`verification_counts(${birdieRecords.verificationStatus}, (select require_confirmation from challenges where id = ${challengeId}))`,
            ),
          ),
      ),
    ),
    // The first record in the challenge wins early_bird; the primary key settles races.
    tx.insert(challengeFirstRecords).values({ challengeId, userId }).onConflictDoNothing().returning(),
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

  if (!earned.size) return [];
  // Awarded and read back in one statement: only the rows inserted now come back.
  // Columns named as the Achievement view names them, so rows come back ready to return.
  return rows<Achievement>(
    tx,
    sql`with awarded as (
          insert into ${userAchievements} (user_id, achievement_id, challenge_id, earned_at)
          select ${userId}, a.id, ${challengeId}, ${now.toISOString()}::timestamptz
          from ${achievements} a
          where a.achievement_type in (${sql.join(
            [...earned].map((t) => sql`${t}`),
            sql`, `,
          )})
          on conflict (user_id, achievement_id) do nothing
          returning achievement_id
        )
        select a.id, a.name, a.description, a.category, a.achievement_type as "achievementType", a.icon
        from ${achievements} a join awarded w on w.achievement_id = a.id
        order by a.sort_order, a.id`,
  );
}
export { listUserAchievements } from "./service";

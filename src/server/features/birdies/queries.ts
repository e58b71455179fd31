import { and, eq, sql } from "drizzle-orm";
import { type ChallengeRules, type HoleSummary, summariseHoles } from "../../../shared/domain/scoring";
import type { Db } from "../../db/client";
import { prepared } from "../../db/prepared";
import { birdieRecords } from "../../db/schema/birdies";

// What other features need of the birdie records this feature owns: hole summaries for challenge
// lists, and the delete a player's removal needs. Plain queries taking `db`, not services (ADR 0022).

/** The player's hole summary (birdied/eagled holes, counts, points) in each of these challenges. */
export async function holeSummariesFor(
  db: Db,
  userId: number,
  challengeRows: readonly (ChallengeRules & { id: number })[],
): Promise<Map<number, HoleSummary>> {
  const out = new Map<number, HoleSummary>();
  if (!challengeRows.length) return out;
  const rows = await prepared(db, "user_holes_in_challenges", (d) =>
    d
      .select({
        challengeId: birdieRecords.challengeId,
        holeNumber: birdieRecords.holeNumber,
        score: birdieRecords.score,
        counted: birdieRecords.counted,
      })
      .from(birdieRecords)
      .where(
        and(
          eq(birdieRecords.userId, sql.placeholder("userId")),
          sql`${birdieRecords.challengeId} = any(${sql.placeholder("ids")}::int[])`,
        ),
      ),
  ).execute({ userId, ids: challengeRows.map((c) => c.id) });
  // One pass to group, not one scan of every row per challenge (a golfer may be in many).
  const byChallenge = new Map<number, typeof rows>();
  for (const r of rows) {
    const list = byChallenge.get(r.challengeId);
    if (list) list.push(r);
    else byChallenge.set(r.challengeId, [r]);
  }
  for (const c of challengeRows) out.set(c.id, summariseHoles(byChallenge.get(c.id) ?? [], c));
  return out;
}

/**
 * Deletes every record of a player in one challenge (they were removed from it). The leaderboard
 * totals follow through the trigger on birdie_records.
 */
export async function deletePlayerRecords(db: Db, challengeId: number, userId: number): Promise<void> {
  await db
    .delete(birdieRecords)
    .where(and(eq(birdieRecords.challengeId, challengeId), eq(birdieRecords.userId, userId)));
}

import { asc, eq, sql } from "drizzle-orm";
import { decidedBy, decidedByText, resultChatText } from "../../../shared/domain/results";
import { winRuleText } from "../../../shared/domain/win-rule";
import type { ChallengeResults } from "../../../shared/schemas/results";
import type { Db } from "../../db/client";
import type { ChallengeRow } from "../../db/schema/challenges";
import { challengeResultPlayers, challengeResults } from "../../db/schema/results";
import { postSystemMessage } from "../chat/public";
import { type FinalStandingRow, finalStandings } from "../leaderboards/queries";

// Frozen results (docs/product/rules.md#final-results, ADR 0042). When a challenge ends, its board
// as the members saw it (the boards' own order, leaderboards/queries.ts BOARD_ORDER, over the
// trigger-kept standings) is copied into challenge_results once, with the names as they were and
// which step of the win rule decided. Later deletions, disables and record changes touch the live
// board only. The freeze is run by a job at the end moment and, if that has not happened yet, by
// the first read after it; whichever comes first writes it, the other finds it written.

const keysOf = (r: FinalStandingRow | undefined) =>
  r && {
    points: r.points,
    birdieTally: r.birdie_tally,
    reachedThreshold: r.reached_threshold,
    reachedAll: r.reached_all,
    lastAt: r.last_at,
  };

/**
 * Freezes the challenge's results if it has ended by `at` and they are not frozen for its current
 * end date yet. Idempotent and race-safe: the results row's primary key lets one transaction
 * write it; a concurrent one waits for it and then finds it there (ON CONFLICT DO NOTHING), so
 * the standings and the chat line are written once. An end date moved after a freeze (the
 * creator extended an ended challenge) is frozen again when the new end passes.
 * Resolves true when this call wrote the results.
 */
export async function freezeResults(db: Db, challenge: ChallengeRow, at: Date): Promise<boolean> {
  if (challenge.endDate.getTime() >= at.getTime()) return false;
  return db.transaction(async (tx) => {
    const board = await finalStandings(tx, challenge.id);
    const decided = decidedBy(keysOf(board[0]), keysOf(board[1]), challenge.tiebreaker);
    const values = {
      challengeId: challenge.id,
      endedAt: challenge.endDate,
      frozenAt: at,
      challengeName: challenge.name,
      tiebreaker: challenge.tiebreaker,
      tiebreakerThreshold: challenge.tiebreakerThreshold,
      eagleBonus: challenge.eagleBonus,
      decidedBy: decided,
      totalPlayers: board.length,
    };
    const written = await tx
      .insert(challengeResults)
      .values(values)
      .onConflictDoUpdate({
        target: challengeResults.challengeId,
        set: values,
        // Only a freeze for another end date replaces one: the same end is frozen for good.
        setWhere: sql`${challengeResults.endedAt} <> excluded.ended_at`,
      })
      .returning({ challengeId: challengeResults.challengeId });
    if (!written.length) return false;
    await tx.delete(challengeResultPlayers).where(eq(challengeResultPlayers.challengeId, challenge.id));
    const winners = board.filter((r) => r.rank === 1 && r.points > 0);
    if (board.length) {
      await tx.insert(challengeResultPlayers).values(
        board.map((r) => ({
          challengeId: challenge.id,
          position: r.position,
          rank: r.rank,
          userId: r.user_id,
          displayName: r.display_name,
          points: r.points,
          birdies: r.birdies,
          eagles: r.eagles,
          holes: r.holes,
          winner: winners.includes(r),
        })),
      );
    }
    await postSystemMessage(
      tx,
      challenge.id,
      resultChatText(
        challenge.name,
        winners.map((w) => w.display_name),
      ),
    );
    return true;
  });
}

/** The frozen results, or null when the challenge has none yet. */
export async function frozenResults(db: Db, challengeId: number): Promise<ChallengeResults | null> {
  const [head] = await db.select().from(challengeResults).where(eq(challengeResults.challengeId, challengeId));
  if (!head) return null;
  const players = await db
    .select()
    .from(challengeResultPlayers)
    .where(eq(challengeResultPlayers.challengeId, challengeId))
    .orderBy(asc(challengeResultPlayers.position));
  const standings = players.map((p) => ({
    position: p.position,
    rank: p.rank,
    userId: p.userId,
    displayName: p.displayName,
    points: p.points,
    birdies: p.birdies,
    eagles: p.eagles,
    holes: p.holes,
    winner: p.winner,
  }));
  return {
    challengeId,
    challengeName: head.challengeName,
    endedAt: head.endedAt.toISOString(),
    frozenAt: head.frozenAt.toISOString(),
    tiebreaker: head.tiebreaker,
    tiebreakerThreshold: head.tiebreakerThreshold,
    decidedBy: head.decidedBy,
    decidedByText: decidedByText(head.decidedBy, head.tiebreaker, head.tiebreakerThreshold),
    winRule: winRuleText(head),
    totalPlayers: head.totalPlayers,
    winners: standings.filter((s) => s.winner).map((s) => ({ userId: s.userId, displayName: s.displayName })),
    standings,
  };
}

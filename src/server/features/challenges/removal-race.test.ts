import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq, inArray, sql } from "drizzle-orm";
import { rows } from "../../db/raw";
import { birdieRecords } from "../../db/schema/birdies";
import { AppError } from "../../lib/errors";
import { createTestHarness, signUp, type TestHarness } from "../../test/harness/harness";
import { recordRoundSchema } from "../../../shared/schemas/birdies";
import { createChallengeSchema } from "../../../shared/schemas/challenges";
import type { UserRow } from "../../db/schema/users";
import { recordRound } from "../birdies/recording";
import { globalLeaderboard } from "../leaderboards/service";
import { addPlayer } from "./access";
import { createChallenge, removePlayer } from "./commands";

// A creator removes a player while that player records a round. Whichever commits first, the
// removed player must keep no records (issue 13 row 3): before the fix, a round whose transaction
// held the membership row when the removal began survived it, counted on the global board and
// blocked the hole after a rejoin. Meaningful on PostgreSQL (CI's PostgreSQL pass), where the two
// transactions really overlap; on PGlite (one connection) they run one after the other.

const PLAYERS = 4;
const RACES_EACH = 15;
const DAY = 86_400_000;
const day = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY).toISOString().slice(0, 10);
const partner = { name: "Pat Partner", signature: "P. Partner" };
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness();
}, 120_000);
afterAll(() => h.close());

async function recordsOf(userId: number, challengeId: number) {
  return h.db
    .select({ id: birdieRecords.id })
    .from(birdieRecords)
    .where(and(eq(birdieRecords.userId, userId), eq(birdieRecords.challengeId, challengeId)));
}

/** Period totals that differ from what the user's counted records add up to (empty: they agree). */
async function totalsDisagreeing(userId: number) {
  return rows<{ period: string; stored: number; expected: number }>(
    h.db,
    sql`
    with expected as (
      select k.period, sum(case when r.score <= 2 then 3 else 1 end)::int as points
      from birdie_records r
      cross join lateral unnest(array[
        'all',
        'y:' || to_char(r.date_played, 'YYYY'),
        'm:' || to_char(r.date_played, 'YYYY-MM'),
        'w:' || to_char(date_trunc('week', r.date_played)::date, 'YYYY-MM-DD'),
        'd:' || to_char(r.date_played, 'YYYY-MM-DD')
      ]) as k(period)
      where r.user_id = ${userId} and r.counted
      group by k.period
    )
    select coalesce(s.period, e.period) as period, coalesce(s.points, 0)::int as stored, coalesce(e.points, 0)::int as expected
    from (select period, points from user_period_stats where user_id = ${userId}) s
    full join expected e on e.period = s.period
    where coalesce(s.points, 0) <> coalesce(e.points, 0)`,
  );
}

describe("removing a player while they record a round", () => {
  test(`${PLAYERS} players x ${RACES_EACH} races at once: removed players keep no records; board totals agree`, async () => {
    const creator = await signUp(h);
    const players: Awaited<ReturnType<typeof signUp>>[] = [];
    for (let i = 0; i < PLAYERS; i++) players.push(await signUp(h));
    const challenge = await createChallenge(
      h.as(creator.user),
      createChallengeSchema.parse({
        name: "Removal race",
        startDate: new Date(Date.now() - 5 * DAY).toISOString(),
        endDate: new Date(Date.now() + 20 * DAY).toISOString(),
        courseName: `Race Links ${Date.now().toString(36)}`,
      }),
    );
    const roundOf = (user: UserRow, holes: { holeNumber: number; score: number }[]) =>
      recordRound(
        h.as(user),
        recordRoundSchema.parse({ challengeId: challenge.id, date: day(-1), holes, verifiedBy: partner }),
      );

    const leftovers: string[] = [];
    const refusals: unknown[] = [];
    /** One player's races, one after the other; the players' series run at the same time. */
    async function races(player: (typeof players)[number], p: number) {
      for (let race = 0; race < RACES_EACH; race++) {
        expect(await addPlayer(h.db, challenge.id, player.user.id)).toBe(true);
        // Stagger one side a little differently each race so both orders (and the overlap) occur.
        const [roundDelay, removalDelay] = race % 2 ? [race % 7, 0] : [0, race % 3];
        // The same holes every race: a record left behind by an earlier race would also make the
        // next round fail with "already recorded" instead of recording or being refused.
        const round = pause(roundDelay)
          .then(() =>
            roundOf(player.user, [
              { holeNumber: 5, score: 3 },
              { holeNumber: 6, score: 2 },
            ]),
          )
          .then(
            () => "recorded" as const,
            (err: unknown) => err,
          );
        const removal = pause(removalDelay).then(() =>
          removePlayer(h.as(creator.user), { id: challenge.id, userId: player.user.id }),
        );
        const [roundResult, removed] = await Promise.all([round, removal]);
        expect(removed).toEqual({ ok: true });
        const left = await recordsOf(player.user.id, challenge.id);
        if (left.length) {
          leftovers.push(`player ${p} race ${race}`);
          // Cleared so the next race starts clean and the count tells how many races failed.
          await h.db.delete(birdieRecords).where(
            inArray(
              birdieRecords.id,
              left.map((r) => r.id),
            ),
          );
        }
        // Refused only because the player was no longer a member: never a 500, never a clash.
        if (roundResult !== "recorded" && !(roundResult instanceof AppError && roundResult.kind === "NOT_FOUND"))
          refusals.push(roundResult);
      }
    }
    await Promise.all(players.map((player, p) => races(player, p)));

    expect(leftovers).toEqual([]);
    expect(refusals).toEqual([]);
    for (const player of players) {
      expect(await totalsDisagreeing(player.user.id)).toEqual([]);
      const [allTime] = await rows<{ points: number }>(
        h.db,
        sql`select coalesce(sum(points), 0)::int as points from user_period_stats where user_id = ${player.user.id} and period = 'all'`,
      );
      expect(allTime.points).toBe(0);
    }
    // The global board (read from those totals) shows none of them.
    const board = await globalLeaderboard(h.as(creator.user), { period: "all" });
    const removedIds = new Set(players.map((pl) => pl.user.id));
    expect(board.entries.filter((e) => removedIds.has(e.user.id))).toEqual([]);

    // Rejoined, a player can record those holes again.
    await addPlayer(h.db, challenge.id, players[0].user.id);
    const again = await roundOf(players[0].user, [{ holeNumber: 5, score: 3 }]);
    expect(again.records).toHaveLength(1);
  }, 300_000);
});

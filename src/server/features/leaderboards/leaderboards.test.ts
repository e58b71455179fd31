import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import { birdieRecords } from "../../db/schema/birdies";
import type { UserRow } from "../../db/schema/users";
import { rows } from "../../db/raw";
import { createTestHarness, signUp, type TestHarness } from "../../test/harness/harness";
import { createChallengeSchema } from "../../../shared/schemas/challenges";
import { addPlayer } from "../challenges/access";
import { createChallenge, removePlayer } from "../challenges/commands";
import { globalLeaderboard, GLOBAL_TOP } from "./service";

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness();
}, 120_000);
afterAll(() => h.close());

const DAY = 86400_000;
const today = () => new Date().toISOString().slice(0, 10);
const partner = { name: "Pat", signature: "pat" };

async function challengeWith(
  players: number,
  opts: {
    tiebreaker?: "mostBirdies" | "firstToThreshold" | "firstToComplete";
    tiebreakerThreshold?: number;
    eagleBonus?: boolean;
    allowMultipleBirdies?: boolean;
  } = {},
) {
  const users: Awaited<ReturnType<typeof signUp>>[] = [];
  for (let i = 0; i < players; i++) users.push(await signUp(h));
  const challenge = await createChallenge(
    h.as(users[0].user),
    createChallengeSchema.parse({
      name: "Ranking Test",
      startDate: new Date(Date.now() - 5 * DAY).toISOString(),
      endDate: new Date(Date.now() + 20 * DAY).toISOString(),
      courseName: `Course ${Math.random().toString(36).slice(2, 8)}`,
      tiebreaker: opts.tiebreaker === "firstToComplete" ? undefined : opts.tiebreaker,
      tiebreakerThreshold: opts.tiebreakerThreshold,
      eagleBonus: opts.eagleBonus ?? false,
      allowMultipleBirdies: opts.allowMultipleBirdies ?? false,
    }),
  );
  if (opts.tiebreaker === "firstToComplete") {
    await h.db.execute(sql`update challenges set tiebreaker = 'firstToComplete' where id = ${challenge.id}`);
  }
  for (const u of users.slice(1)) await addPlayer(h.db, challenge.id, u.user.id);
  const record = (i: number, holes: [number, number][], date = today()) =>
    h.caller(users[i].user).birdies.recordRound({
      challengeId: challenge.id,
      date,
      holes: holes.map(([holeNumber, score]) => ({ holeNumber, score })),
      verifiedBy: partner,
    });
  return { users, challenge, record };
}

const board = (userIndex: { user: { id: number } }, challengeId: number) =>
  h.caller(userIndex.user as never).leaderboards.challenge({ challengeId });

describe("challenge leaderboard ranking", () => {
  test("points first (eagle 3, birdie 1), competition ranks 1, 2, 2, 4, everyone listed", async () => {
    const { users, challenge, record } = await challengeWith(5);
    await record(0, [
      [1, 2],
      [2, 3],
    ]); // 4 pts
    await record(1, [
      [1, 3],
      [2, 3],
    ]); // 2 pts
    await record(2, [
      [5, 3],
      [6, 3],
    ]); // 2 pts
    await record(3, [[9, 3]]); // 1 pt
    // users[4] records nothing. Make users 1 and 2 tie completely (same points and last record).
    await h.db.execute(
      sql`update birdie_records set created_at = '2026-01-01T10:00:00Z' where challenge_id = ${challenge.id} and user_id in (${users[1].user.id}, ${users[2].user.id})`,
    );
    const entries = await board(users[0], challenge.id);
    const byUser = new Map(entries.map((e) => [e.user.id, [e.points, e.rank]]));
    expect(users.map((u) => byUser.get(u.user.id))).toEqual([
      [4, 1],
      [2, 2],
      [2, 2],
      [1, 4],
      [0, 5],
    ]);
    expect(entries.map((e) => e.rank)).toEqual([1, 2, 2, 4, 5]);
    const top = entries[0];
    expect(top).toMatchObject({
      birdiedHoles: 2,
      birdies: 1,
      eagles: 1,
      holeCounts: { "1": { birdies: 0, eagles: 1 }, "2": { birdies: 1, eagles: 0 } },
    });
  });

  test("tied points fall back to the earliest last record", async () => {
    const { users, challenge, record } = await challengeWith(2);
    await record(1, [[3, 3]]);
    await Bun.sleep(5);
    await record(0, [[3, 3]]);
    const entries = await board(users[0], challenge.id);
    expect(entries.map((e) => [e.user.id, e.rank])).toEqual([
      [users[1].user.id, 1],
      [users[0].user.id, 2],
    ]);
  });

  test("mostBirdies with eagle bonus: an eagle counts as two birdies in the tally", async () => {
    // With multiples on, A: 1 eagle + ... tie on points requires equal points: A = eagle(3) ; B = 3 birdies (3)
    const { users, challenge, record } = await challengeWith(2, { eagleBonus: true, allowMultipleBirdies: true });
    await record(0, [
      [1, 3],
      [2, 3],
      [3, 3],
    ]); // 3 pts, tally 3
    await record(1, [[4, 2]]); // 3 pts, tally 2 (eagle counts as two birdies)
    const entries = await board(users[0], challenge.id);
    expect(entries.map((e) => [e.user.id, e.points, e.rank])).toEqual([
      [users[0].user.id, 3, 1],
      [users[1].user.id, 3, 2],
    ]);

    const noBonus = await challengeWith(2, { eagleBonus: false, allowMultipleBirdies: true });
    await noBonus.record(1, [[4, 2]]); // recorded first: earlier last record
    await Bun.sleep(5);
    await noBonus.record(0, [
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
    const e2 = await board(noBonus.users[0], noBonus.challenge.id);
    // tally 3 vs 1: mostBirdies puts the birdie maker first even though the eagle came earlier
    expect(e2[0].user.id).toBe(noBonus.users[0].user.id);
    expect(e2[1].rank).toBe(2);
  });

  test("firstToThreshold: equal points, the player who reached N holes first wins", async () => {
    const { users, challenge, record } = await challengeWith(2, {
      tiebreaker: "firstToThreshold",
      tiebreakerThreshold: 2,
    });
    await record(1, [
      [1, 3],
      [2, 3],
    ]); // reaches 2 holes first
    await Bun.sleep(5);
    await record(0, [
      [1, 3],
      [2, 3],
    ]);
    await Bun.sleep(5);
    await record(1, [[3, 3]]);
    await Bun.sleep(5);
    await record(0, [[3, 3]]);
    // equal points (3), user1 reached the threshold first, though user0's last record is later
    const entries = await board(users[0], challenge.id);
    expect(entries.map((e) => e.user.id)).toEqual([users[1].user.id, users[0].user.id]);
    expect(entries.map((e) => e.rank)).toEqual([1, 2]);
  });

  test("firstToComplete: the player who completed all 18 first ranks higher on equal points", async () => {
    const { users, challenge, record } = await challengeWith(2, { tiebreaker: "firstToComplete" });
    const all = Array.from({ length: 18 }, (_, i) => [i + 1, 3] as [number, number]);
    await record(1, all);
    await Bun.sleep(5);
    await record(0, all);
    const entries = await board(users[0], challenge.id);
    expect(entries.map((e) => [e.user.id, e.points, e.rank])).toEqual([
      [users[1].user.id, 18, 1],
      [users[0].user.id, 18, 2],
    ]);
  });

  test("non-members get 404; a removed player disappears from the board with their points", async () => {
    const { users, challenge, record } = await challengeWith(3);
    await record(1, [[1, 3]]);
    const stranger = await signUp(h);
    await expect(board(stranger, challenge.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    await removePlayer(h.as(users[0].user), { id: challenge.id, userId: users[1].user.id });
    const entries = await board(users[0], challenge.id);
    expect(entries.map((e) => e.user.id)).not.toContain(users[1].user.id);
    expect(await h.db.select().from(birdieRecords).where(eq(birdieRecords.userId, users[1].user.id))).toHaveLength(0);
    const global = await globalLeaderboard(h.as(users[1].user), { period: "all" });
    expect(global.entries.find((e) => e.user.id === users[1].user.id)).toBeUndefined();
  });
});

describe("my-challenges leaderboard", () => {
  test("rank of totalPlayers per challenge with the top players", async () => {
    const { users, challenge, record } = await challengeWith(3);
    await record(1, [[1, 2]]);
    await record(0, [[1, 3]]);
    const items = await h.caller(users[0].user).leaderboards.myChallenges();
    const item = items.find((i) => i.challengeId === challenge.id)!;
    expect(item).toMatchObject({ challengeName: "Ranking Test", userRank: 2, totalPlayers: 3 });
    expect(item.leaderboard.map((e) => e.user.id)).toEqual([users[1].user.id, users[0].user.id, users[2].user.id]);
    const rest = await users[0].client.get(`/api/users/${users[0].user.id}/challenges/leaderboard`);
    expect(rest.status).toBe(200);
    expect((await users[0].client.get(`/api/users/${users[1].user.id}/challenges/leaderboard`)).status).toBe(403);
  });
});

describe("global leaderboard", () => {
  test("period totals follow records, upgrades and deletes (trigger-maintained)", async () => {
    const { users, challenge, record } = await challengeWith(1);
    const me = users[0];
    await record(0, [[1, 3]]);
    const stats = () =>
      rows<{ period: string; points: number }>(
        h.db,
        sql`select period, points from user_period_stats where user_id = ${me.user.id} order by period`,
      );
    const d = today();
    const monday = (() => {
      const x = new Date(`${d}T00:00:00Z`);
      x.setUTCDate(x.getUTCDate() - ((x.getUTCDay() + 6) % 7));
      return x.toISOString().slice(0, 10);
    })();
    expect((await stats()).map((r) => [r.period, r.points])).toEqual([
      ["all", 1],
      [`d:${d}`, 1],
      [`m:${d.slice(0, 7)}`, 1],
      [`w:${monday}`, 1],
      [`y:${d.slice(0, 4)}`, 1],
    ]);
    const eagle = (await record(0, [[1, 2]])).records[0]; // upgrade: birdie stops counting
    expect((await stats()).every((r) => r.points === 3)).toBe(true);
    await h.caller(me.user).birdies.delete({ id: eagle.id }); // the birdie counts again
    expect((await stats()).every((r) => r.points === 1)).toBe(true);
    const res = await me.client.get("/api/leaderboard/global?period=day");
    expect(res.status).toBe(200);
    expect(res.json.entries.find((e: { user: { id: number } }) => e.user.id === me.user.id)).toMatchObject({
      points: 1,
    });
    await h.db.delete(birdieRecords).where(eq(birdieRecords.challengeId, challenge.id));
    expect((await stats()).every((r) => r.points === 0)).toBe(true);
  });

  test("a record played last year is not in this year's board; bad period is 400", async () => {
    const me = await signUp(h);
    const old = await createChallenge(
      h.as(me.user),
      createChallengeSchema.parse({
        name: "Long Season",
        startDate: new Date(Date.now() - 800 * DAY).toISOString(),
        endDate: new Date(Date.now() + 5 * DAY).toISOString(),
        courseName: "Old Course",
      }),
    );
    const lastYear = `${new Date().getUTCFullYear() - 1}-06-15`;
    await h
      .caller(me.user)
      .birdies.record({ challengeId: old.id, holeNumber: 1, score: 3, date: lastYear, verifiedBy: partner });
    const year = await globalLeaderboard(h.as(me.user), { period: "year" });
    expect(year.entries.find((e) => e.user.id === me.user.id)).toBeUndefined();
    const all = await globalLeaderboard(h.as(me.user), { period: "all" });
    expect(all.entries.find((e) => e.user.id === me.user.id)?.points).toBe(1);
    expect((await me.client.get("/api/leaderboard/global?period=decade")).status).toBe(400);
  });

  test("beyond the top 100, the caller's own row comes back with their true rank", async () => {
    const period = `d:2001-01-01`;
    // Seed the period directly: 120 players with 10..129 points, then a caller with 5.
    const base = await signUp(h);
    const seeded: UserRow[] = [];
    for (let i = 0; i < 120; i++) seeded.push((await signUp(h)).user);
    const ids = seeded.map((u) => u.id);
    const clock = () => new Date("2001-01-01T12:00:00Z");
    await h.db.execute(sql`insert into user_period_stats (period, user_id, points, birdies, eagles)
      select ${period}, u, 200 + row_number() over (), 1, 0 from unnest(${sql.raw(`ARRAY[${ids.join(",")}]`)}::int[]) as u`);
    await h.db.execute(
      sql`insert into user_period_stats (period, user_id, points, birdies, eagles) values (${period}, ${base.user.id}, 5, 5, 0)`,
    );
    const board = await globalLeaderboard(h.as(base.user, { clock }), { period: "day" });
    expect(board.entries).toHaveLength(GLOBAL_TOP);
    expect(board.entries[0].rank).toBe(1);
    expect(board.me).toMatchObject({ rank: 121, points: 5 });
    const top = await globalLeaderboard(h.as(seeded[119], { clock }), { period: "day" });
    expect(top.me).toBeNull();
    expect(top.entries[0].user.id).toBe(ids[119]);
  });
});

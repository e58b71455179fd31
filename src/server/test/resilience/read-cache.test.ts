import { describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { createChallenge, join } from "../harness/challenge-fixtures";
import type { RestClient } from "../harness/harness";
import { twoInstances } from "../harness/instances";
import { METRICS_TOKEN, metricOf } from "../harness/session-revocation";
import { serverClient, signUpAt } from "../harness/test-socket";

// Issue 19, ADR 0056: the per-process read cache (challenge lists, boards, member lists, newest
// chat pages) across two instances on one database: on PGlite both serve from this process and
// share its in-process LISTEN/NOTIFY; on PostgreSQL (TEST_DATABASE_URL) B is another OS process.
// A change committed through A, or straight in the database, must show on B within 1 s (the same
// bound as a revoked session), and on A - the instance that wrote it - at once.

const ENV = { TRUST_PROXY: "1", METRICS_TOKEN, RATE_LIMIT_SCALE: "100" };
const WITHIN_MS = 1_000;
const partner = { name: "Pat Partner", signature: "P. Partner" };
const today = () => new Date().toISOString().slice(0, 10);

const two = twoInstances(ENV);

let addressSeq = 0;
const from = () => ({ "X-Forwarded-For": `198.51.100.${(++addressSeq % 250) + 1}` });

/** The same golfer's session, on another instance. */
function on(origin: string, golfer: { client: RestClient }): RestClient {
  const client = serverClient(origin);
  client.cookies.set("session", golfer.client.cookies.get("session")!);
  return client;
}

/** Reads this instance's read cache answered (its /metrics counter). */
const cacheHits = (origin: string) => metricOf(origin, "birdie_read_cache_hits");

/** Reads `path` a few times and proves the cache answered some of them (the test is honest only then). */
async function warm(origin: string, client: RestClient, paths: string[]) {
  const before = await cacheHits(origin);
  for (let i = 0; i < 3; i++) for (const path of paths) expect((await client.get(path)).status).toBe(200);
  expect(await cacheHits(origin)).toBeGreaterThan(before);
}

/** Reads `path` every 10 ms until `seen` holds; fails unless that happens within 1 s of `since`. */
async function seenWithin(
  client: RestClient,
  path: string,
  seen: (res: { status: number; json: any }) => boolean,
  since: number,
) {
  for (;;) {
    const started = performance.now();
    const res = await client.get(path);
    if (seen(res)) return started - since;
    if (started - since > WITHIN_MS)
      throw new Error(
        `${path} still stale ${Math.round(started - since)} ms after the change: ${res.status} ${res.text.slice(0, 300)}`,
      );
    await Bun.sleep(10);
  }
}

async function twoGolfersInAChallenge(names: [string, string]) {
  const owner = await signUpAt(two.a.url, names[0], from());
  const friend = await signUpAt(two.a.url, names[1], from());
  const challenge = await createChallenge(owner.client, { allowMultipleBirdies: true });
  await join(friend.client, challenge.inviteCode);
  return { owner, friend, challenge, board: `/api/challenges/${challenge.id}/leaderboard` };
}

const record = (client: RestClient, challengeId: number, holeNumber: number) =>
  client.post("/api/birdies", { challengeId, holeNumber, score: 3, date: today(), verifiedBy: partner });

const pointsOf = (board: any[], userId: number) => board.find((e) => e.user.id === userId)?.points ?? 0;

describe("the read cache: a change reaches the other instance within 1 s (ADR 0056)", () => {
  test("a birdie recorded on A: B's board and the golfer's list on B", async () => {
    const { owner, friend, challenge, board } = await twoGolfersInAChallenge(["Bea Board", "Fitz Friend"]);
    const ownerOnB = on(two.b.origin, owner);
    const friendOnB = on(two.b.origin, friend);
    const friendList = `/api/users/${friend.id}/challenges`;
    await warm(two.b.origin, ownerOnB, [board]);
    await warm(two.b.origin, friendOnB, [friendList]);
    expect(pointsOf((await ownerOnB.get(board)).json, friend.id)).toBe(0);

    const since = performance.now();
    expect((await record(friend.client, challenge.id, 4)).status).toBe(201);
    const boardMs = await seenWithin(ownerOnB, board, (r) => pointsOf(r.json, friend.id) > 0, since);
    const listMs = await seenWithin(
      friendOnB,
      friendList,
      (r) => r.json.find((c: any) => c.id === challenge.id)?.birdiedHoles.includes(4),
      since,
    );
    console.log(`a birdie reached B's board after ${Math.round(boardMs)} ms, the list after ${Math.round(listMs)} ms`);
  });

  test("a player joining, a rename and a chat line on A reach B", async () => {
    const { owner, friend, challenge, board } = await twoGolfersInAChallenge(["Cleo Count", "Nate Name"]);
    const ownerOnB = on(two.b.origin, owner);
    const ownerList = `/api/users/${owner.id}/challenges`;
    const chat = `/api/challenges/${challenge.id}/chat`;
    await warm(two.b.origin, ownerOnB, [ownerList, board, chat]);

    const third = await signUpAt(two.a.url, "Tess Third", from());
    let since = performance.now();
    await join(third.client, challenge.inviteCode);
    const joinMs = await seenWithin(
      ownerOnB,
      ownerList,
      (r) => r.json.find((c: any) => c.id === challenge.id)?.playerCount === 3,
      since,
    );

    since = performance.now();
    expect((await friend.client.put("/api/users/me", { displayName: "Nate Renamed" })).status).toBe(200);
    const renameMs = await seenWithin(
      ownerOnB,
      board,
      (r) => r.json.find((e: any) => e.user.id === friend.id)?.user.displayName === "Nate Renamed",
      since,
    );

    since = performance.now();
    expect((await friend.client.post(chat, { message: "Fore on the left!" })).status).toBe(201);
    const chatMs = await seenWithin(
      ownerOnB,
      chat,
      (r) => r.json.some((m: any) => m.message === "Fore on the left!" && m.user.displayName === "Nate Renamed"),
      since,
    );
    console.log(
      `on B after: a join ${Math.round(joinMs)} ms, a rename ${Math.round(renameMs)} ms, a chat line ${Math.round(chatMs)} ms`,
    );
  });

  test("a removed player is refused on B, where their board was cached", async () => {
    const { owner, friend, challenge, board } = await twoGolfersInAChallenge(["Rhea Remover", "Gus Gone"]);
    const friendOnB = on(two.b.origin, friend);
    await warm(two.b.origin, friendOnB, [board]);
    const since = performance.now();
    expect((await owner.client.delete(`/api/challenges/${challenge.id}/players/${friend.id}`)).status).toBe(200);
    const ms = await seenWithin(friendOnB, board, (r) => r.status === 404, since);
    console.log(`a removal reached B after ${Math.round(ms)} ms`);
  });

  test("a deleted account's chat lines lose their author on B", async () => {
    const { owner, friend, challenge } = await twoGolfersInAChallenge(["Olga Owner", "Dana Deleted"]);
    const chat = `/api/challenges/${challenge.id}/chat`;
    expect((await friend.client.post(chat, { message: "Last words" })).status).toBe(201);
    const ownerOnB = on(two.b.origin, owner);
    await warm(two.b.origin, ownerOnB, [chat]);
    const line = (r: { json: any }) => r.json.find((m: any) => m.message === "Last words");
    expect(line(await ownerOnB.get(chat)).user.displayName).toBe("Dana Deleted");
    const since = performance.now();
    expect((await friend.client.request("DELETE", "/api/users/me", { password: "birdie123" })).status).toBe(200);
    const ms = await seenWithin(ownerOnB, chat, (r) => line(r) !== undefined && line(r).user === null, since);
    console.log(`an account deletion reached B's chat page after ${Math.round(ms)} ms`);
  });

  test("a change made straight in the database (no app code) reaches both instances", async () => {
    const { owner, challenge } = await twoGolfersInAChallenge(["Dora Direct", "Sid Sql"]);
    const list = `/api/users/${owner.id}/challenges`;
    const onA = owner.client;
    const onB = on(two.b.origin, owner);
    await warm(two.a.url, onA, [list]);
    await warm(two.b.origin, onB, [list]);
    const since = performance.now();
    await two.database.db.execute(sql`update challenges set name = 'Renamed in SQL' where id = ${challenge.id}`);
    const renamed = (r: { json: any }) => r.json.find((c: any) => c.id === challenge.id)?.name === "Renamed in SQL";
    const [msA, msB] = [await seenWithin(onA, list, renamed, since), await seenWithin(onB, list, renamed, since)];
    console.log(`a change in SQL reached A after ${Math.round(msA)} ms, B after ${Math.round(msB)} ms`);
  });
});

describe("the instance that wrote reads its own write at once", () => {
  test("ten birdies in a row, each on the board and in the list read right after it", async () => {
    const { owner, challenge, board } = await twoGolfersInAChallenge(["Wren Writer", "Ida Idle"]);
    const list = `/api/users/${owner.id}/challenges`;
    await warm(two.a.url, owner.client, [board, list]);
    const hitsBefore = await cacheHits(two.a.url);
    for (let hole = 1; hole <= 10; hole++) {
      expect((await record(owner.client, challenge.id, hole)).status).toBe(201);
      const [boardRes, listRes] = [await owner.client.get(board), await owner.client.get(list)];
      expect(boardRes.json.find((e: any) => e.user.id === owner.id)?.birdiedHoles).toBe(hole);
      expect(listRes.json.find((c: any) => c.id === challenge.id)?.birdiedHoles).toHaveLength(hole);
      // A read that did not change since: the cache answers it.
      await owner.client.get(board);
    }
    expect(await cacheHits(two.a.url)).toBeGreaterThanOrEqual(hitsBefore + 10);
  });
});

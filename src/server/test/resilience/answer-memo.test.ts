import { describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { decodeWire } from "../../../shared/wire/trpc-transformer";
import { rows } from "../../db/raw";
import { createChallenge, join, today } from "../harness/challenge-fixtures";
import type { RestClient } from "../harness/harness";
import { twoInstances } from "../harness/instances";
import { METRICS_TOKEN, metricOf } from "../harness/session-revocation";
import { serverClient, signUpAt } from "../harness/test-socket";

// Issue 19, ADR 0062: the answer memo gives a golfer's tRPC read (the dashboard's batch, a board,
// a chat page) again as text while every read-cache entry it was made of stands. What the read
// cache promises must hold through it: on the instance that wrote, a change shows at once; on the
// other instance within 1 s. On PGlite both instances run in this process; on PostgreSQL
// (TEST_DATABASE_URL) B is another OS process.

const ENV = { TRUST_PROXY: "1", METRICS_TOKEN, RATE_LIMIT_SCALE: "100" };
const WITHIN_MS = 1_000;
const partner = { name: "Pat Partner", signature: "P. Partner" };

const two = twoInstances(ENV);

let addressSeq = 0;
const from = () => ({ "X-Forwarded-For": `198.51.100.${(++addressSeq % 250) + 1}` });

/** The same golfer's session, on another instance. */
function on(origin: string, golfer: { client: RestClient }): RestClient {
  const client = serverClient(origin);
  client.cookies.set("session", golfer.client.cookies.get("session")!);
  return client;
}

const memoHits = (origin: string) => metricOf(origin, "birdie_answer_memo_hits");

const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const paths = (challengeId: number) => ({
  dashboard: `/trpc/auth.me,challenges.list?batch=1&input=${input({})}`,
  board: `/trpc/leaderboards.challenge?input=${input({ challengeId })}`,
  chat: `/trpc/chat.list?input=${input({ challengeId })}`,
});

/** A tRPC GET's data, decoded as the client's link decodes it (ADR 0061); a batch gives an array. */
async function read(client: RestClient, path: string): Promise<{ status: number; text: string; data: any }> {
  const res = await client.get(path);
  const json = JSON.parse(res.text);
  const data = Array.isArray(json) ? json.map((r: any) => decodeWire(r.result?.data)) : decodeWire(json.result?.data);
  return { status: res.status, text: res.text, data };
}

/** Reads `path` until the memo answers it (the test is honest only then); returns that answer. */
async function memoised(origin: string, client: RestClient, path: string) {
  for (let i = 0; i < 5; i++) {
    const before = await memoHits(origin);
    const answer = await read(client, path);
    expect(answer.status).toBe(200);
    if ((await memoHits(origin)) > before) return answer;
  }
  throw new Error(`${path} was never answered from the memo on ${origin}`);
}

/** Reads `path` every 10 ms until `seen` holds; fails unless that happens within 1 s of `since`. */
async function seenWithin(client: RestClient, path: string, seen: (data: any) => boolean, since: number) {
  for (;;) {
    const started = performance.now();
    const answer = await read(client, path);
    if (answer.status === 200 && seen(answer.data)) return started - since;
    if (started - since > WITHIN_MS)
      throw new Error(
        `${path} still stale ${Math.round(started - since)} ms after the change: ${answer.text.slice(0, 300)}`,
      );
    await Bun.sleep(10);
  }
}

async function twoGolfersInAChallenge(names: [string, string]) {
  const owner = await signUpAt(two.a.url, names[0], from());
  const friend = await signUpAt(two.a.url, names[1], from());
  const challenge = await createChallenge(owner.client, { allowMultipleBirdies: true });
  await join(friend.client, challenge.inviteCode);
  return { owner, friend, challenge, path: paths(challenge.id) };
}

const record = (client: RestClient, challengeId: number, holeNumber: number) =>
  client.post("/api/birdies", { challengeId, holeNumber, score: 3, date: today(), verifiedBy: partner });

const listed = (dashboard: any[], challengeId: number) => dashboard[1].find((c: any) => c.id === challengeId);
const pointsOf = (board: any[], userId: number) => board.find((e: any) => e.user.id === userId)?.points ?? 0;

describe("the answer memo: what a memoised answer was made of changes, the answer changes (ADR 0062)", () => {
  test("a birdie: the writer sees it at once on A, others on B within 1 s", async () => {
    const { owner, friend, challenge, path } = await twoGolfersInAChallenge(["Mia Memo", "Finn Fresh"]);
    const friendOnB = on(two.b.origin, friend);
    const ownerOnB = on(two.b.origin, owner);
    const before = await memoised(two.a.url, friend.client, path.dashboard);
    expect(listed(before.data, challenge.id).birdiedHoles).toEqual([]);
    await memoised(two.b.origin, friendOnB, path.dashboard);
    await memoised(two.b.origin, ownerOnB, path.board);
    const lines = (await memoised(two.b.origin, ownerOnB, path.chat)).data.messages.length;

    const since = performance.now();
    expect((await record(friend.client, challenge.id, 7)).status).toBe(201);
    // The writer's own next read, on the instance that wrote: no wait at all.
    expect(listed((await read(friend.client, path.dashboard)).data, challenge.id).birdiedHoles).toEqual([7]);
    const listMs = await seenWithin(
      friendOnB,
      path.dashboard,
      (d) => listed(d, challenge.id).birdiedHoles.includes(7),
      since,
    );
    const boardMs = await seenWithin(ownerOnB, path.board, (d) => pointsOf(d, friend.id) > 0, since);
    const chatMs = await seenWithin(ownerOnB, path.chat, (d) => d.messages.length > lines, since);
    console.log(
      `on B after a birdie: the list ${Math.round(listMs)} ms, the board ${Math.round(boardMs)} ms, chat ${Math.round(chatMs)} ms`,
    );
  });

  test("a rename: auth.me in the dashboard's batch at once, the board on B within 1 s", async () => {
    const { owner, friend, path } = await twoGolfersInAChallenge(["Rae Rename", "Nico Name"]);
    const ownerOnB = on(two.b.origin, owner);
    await memoised(two.a.url, friend.client, path.dashboard);
    await memoised(two.b.origin, ownerOnB, path.board);

    const since = performance.now();
    expect((await friend.client.put("/api/users/me", { displayName: "Nico Renamed" })).status).toBe(200);
    expect((await read(friend.client, path.dashboard)).data[0].displayName).toBe("Nico Renamed");
    const boardMs = await seenWithin(
      ownerOnB,
      path.board,
      (d) => d.find((e: any) => e.user.id === friend.id)?.user.displayName === "Nico Renamed",
      since,
    );
    console.log(`a rename reached B's memoised board after ${Math.round(boardMs)} ms`);
  });

  test("a removed player and a signed-out session get no memoised answer", async () => {
    const { owner, friend, challenge, path } = await twoGolfersInAChallenge(["Rex Remove", "Gail Gone"]);
    const friendOnB = on(two.b.origin, friend);
    await memoised(two.b.origin, friendOnB, path.board);
    await memoised(two.a.url, owner.client, path.dashboard);

    const since = performance.now();
    expect((await owner.client.delete(`/api/challenges/${challenge.id}/players/${friend.id}`)).status).toBe(200);
    for (;;) {
      const started = performance.now();
      const status = (await friendOnB.get(path.board)).status;
      if (status === 404) break;
      if (started - since > WITHIN_MS) throw new Error(`B still answered the removed player ${status}`);
      await Bun.sleep(10);
    }

    // The ended session's cookie, kept by a client the sign-out's answer did not clear.
    const ended = on(two.a.url, owner);
    expect((await owner.client.post("/api/logout")).status).toBe(200);
    expect((await ended.get(path.dashboard)).status).toBe(401);
  });

  test("the memo's answer is the text tRPC makes for the same request", async () => {
    const { owner, friend, challenge, path } = await twoGolfersInAChallenge(["Tess Text", "Ugo Unchanged"]);
    for (const hole of [1, 2, 3]) expect((await record(friend.client, challenge.id, hole)).status).toBe(201);
    expect((await owner.client.post(`/api/challenges/${challenge.id}/chat`, { message: "Nice run" })).status).toBe(201);
    for (const p of [path.dashboard, path.board, path.chat]) {
      const memo = await memoised(two.a.url, owner.client, p);
      // The same procedures under another key (tRPC ignores the extra parameter): made afresh.
      const made = await read(owner.client, `${p}&fresh=${Math.random()}`);
      expect(memo.text).toBe(made.text);
    }
  });

  test("older chat pages and a non-member's refusal are not memoised", async () => {
    const { owner, challenge, path } = await twoGolfersInAChallenge(["Olga Older", "Pete Page"]);
    for (let i = 0; i < 3; i++)
      expect((await owner.client.post(`/api/challenges/${challenge.id}/chat`, { message: `line ${i}` })).status).toBe(
        201,
      );
    const newest = (await read(owner.client, path.chat)).data;
    const older = `/trpc/chat.list?input=${input({ challengeId: challenge.id, cursor: newest.messages.at(-1).id })}`;
    const stranger = await signUpAt(two.a.url, "Sam Stranger", from());
    const hitsBefore = await memoHits(two.a.url);
    for (let i = 0; i < 3; i++) {
      expect((await owner.client.get(older)).status).toBe(200);
      expect((await stranger.client.get(path.board)).status).toBe(404);
    }
    expect(await memoHits(two.a.url)).toBe(hitsBefore);
  });
});

describe("GET /api/dashboard through the memo (ADR 0063)", () => {
  const DASHBOARD = "/api/dashboard";
  const restRead = async (client: RestClient) => {
    const res = await client.get(DASHBOARD);
    expect(res.status).toBe(200);
    return { text: res.text, data: JSON.parse(res.text) };
  };
  async function restMemoised(origin: string, client: RestClient) {
    for (let i = 0; i < 5; i++) {
      const before = await memoHits(origin);
      const answer = await restRead(client);
      if ((await memoHits(origin)) > before) return answer;
    }
    throw new Error(`${DASHBOARD} was never answered from the memo on ${origin}`);
  }
  async function restSeenWithin(client: RestClient, seen: (data: any) => boolean, since: number) {
    for (;;) {
      const started = performance.now();
      const answer = await restRead(client);
      if (seen(answer.data)) return started - since;
      if (started - since > WITHIN_MS)
        throw new Error(`${DASHBOARD} still stale ${Math.round(started - since)} ms after the change`);
      await Bun.sleep(10);
    }
  }
  const earned = (d: any) => d.achievements.map((a: any) => a.achievementId);

  test("an achievement awarded without a record (as at a challenge's end) reaches both instances within 1 s", async () => {
    const { friend, challenge } = await twoGolfersInAChallenge(["Ada Award", "Ben Badge"]);
    const friendOnB = on(two.b.origin, friend);
    const before = await restMemoised(two.a.url, friend.client);
    expect(before.data.currentChallengeId).toBe(challenge.id);
    await restMemoised(two.b.origin, friendOnB);
    const [award] = await rows<{ id: number }>(
      two.database.db,
      sql`select a.id from achievements a
          where not exists (select 1 from user_achievements ua where ua.user_id = ${friend.id} and ua.achievement_id = a.id)
          order by a.sort_order desc limit 1`,
    );

    // Written straight to the table, as results.freeze awards: no record, no membership changes.
    const since = performance.now();
    await rows(
      two.database.db,
      sql`insert into user_achievements (user_id, achievement_id, challenge_id) values (${friend.id}, ${award.id}, ${challenge.id})`,
    );
    const onA = await restSeenWithin(friend.client, (d) => earned(d).includes(award.id), since);
    const onB = await restSeenWithin(friendOnB, (d) => earned(d).includes(award.id), since);
    console.log(
      `an award reached the memoised dashboard on A after ${Math.round(onA)} ms, on B after ${Math.round(onB)} ms`,
    );
  });

  test("a birdie shows at once to its writer and on the board of a rival on B within 1 s; the memo's text is the route's", async () => {
    const { owner, friend, challenge } = await twoGolfersInAChallenge(["Cy Current", "Dot Dash"]);
    const ownerOnB = on(two.b.origin, owner);
    await restMemoised(two.a.url, friend.client);
    await restMemoised(two.b.origin, ownerOnB);

    const since = performance.now();
    expect((await record(friend.client, challenge.id, 4)).status).toBe(201);
    const mine = (await restRead(friend.client)).data;
    expect(mine.challenges.find((c: any) => c.id === challenge.id).birdiedHoles).toEqual([4]);
    // The first birdie of all earns one at once: the list is not the memoised one from before.
    expect(mine.achievements.length).toBeGreaterThan(0);
    const boardMs = await restSeenWithin(ownerOnB, (d) => pointsOf(d.leaderboard, friend.id) > 0, since);
    console.log(`a birdie reached a rival's memoised dashboard on B after ${Math.round(boardMs)} ms`);

    const memo = await restMemoised(two.a.url, owner.client);
    const made = await owner.client.get(`${DASHBOARD}?fresh=${Math.random()}`);
    expect(memo.text).toBe(made.text);
  });
});

describe("what the memo does not take", () => {
  test("a path it cannot decode, a batch with a procedure not on its list: tRPC answers as without it", async () => {
    const golfer = await signUpAt(two.a.url, "Bad Path", from());
    const hitsBefore = await memoHits(two.a.url);
    for (let i = 0; i < 2; i++) {
      expect((await golfer.client.get("/trpc/auth.me%E0%A4%A")).status).toBe(404);
      expect((await golfer.client.get("/trpc/auth.me,notifications.settings?batch=1")).status).toBe(200);
    }
    expect(await memoHits(two.a.url)).toBe(hitsBefore);
  });
});

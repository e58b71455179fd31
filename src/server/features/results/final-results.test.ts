import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { and, eq, sql } from "drizzle-orm";
import { RESULTS_NOT_YET } from "../../../shared/schemas/results";
import { birdieRecords } from "../../db/schema/birdies";
import { challenges } from "../../db/schema/challenges";
import { chatMessages } from "../../db/schema/chat";
import { challengeResultPlayers, challengeResults } from "../../db/schema/results";
import { jobs } from "../../db/schema/jobs";
import { users } from "../../db/schema/users";
import { JobRunner } from "../../jobs/runner";
import { challengeWindow, createChallenge, join } from "../../test/harness/challenge-fixtures";
import { createTestHarness, RestClient, signUp, type TestHarness } from "../../test/harness/harness";
import { CARD_HEIGHT, CARD_WIDTH } from "./card";
import { freezeResults } from "./freeze";
import { resultsJobs } from "./jobs";

// Frozen final results (ADR 0042): frozen once at the end (job or first read), the same board the
// members saw, which tiebreak decided, one chat line, untouched by later deletions, disables and
// record changes; idempotent under concurrent freezes; the share card is a real 1200 x 630 PNG.

let h: TestHarness;
type Golfer = Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  h = await createTestHarness();
}, 120_000);
afterAll(() => h.close());

const DAY = 86_400_000;
const day = (offset: number) => new Date(Date.now() + offset * DAY).toISOString().slice(0, 10);

async function record(g: Golfer, challengeId: number, holes: { holeNumber: number; score: number }[], date = day(-1)) {
  const res = await g.client.post("/trpc/birdies.recordRound", {
    challengeId,
    date,
    holes,
    verifiedBy: { name: "Pat Partner", signature: "P." },
  });
  if (res.status !== 200) throw new Error(`round failed: ${res.status} ${res.text}`);
}

/** A running challenge with the given golfers (the first creates it). */
async function challengeOf(names: string[], body: Record<string, unknown> = {}) {
  const golfers: Golfer[] = [];
  for (const displayName of names) golfers.push(await signUp(h, { displayName }));
  const challenge = await createChallenge(golfers[0]!.client, { ...challengeWindow(-5, 10), ...body });
  for (const g of golfers.slice(1)) await join(g.client, challenge.inviteCode);
  return { golfers, challenge: challenge as { id: number; name: string } };
}

const end = (challengeId: number) =>
  h.db.update(challenges).set({ endDate: sql`now() - interval '1 minute'` }).where(eq(challenges.id, challengeId));

const resultLines = (challengeId: number) =>
  h.db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.challengeId, challengeId), sql`${chatMessages.message} like '% has ended.%'`));

describe("GET /api/challenges/{id}/results", () => {
  test("409 before the end, 404 for non-members, 401 signed out", async () => {
    const { golfers, challenge } = await challengeOf(["Early Ed"]);
    expect(await golfers[0]!.client.get(`/api/challenges/${challenge.id}/results`)).toMatchObject({
      status: 409,
      json: { message: RESULTS_NOT_YET },
    });
    const outsider = await signUp(h);
    await end(challenge.id);
    expect((await outsider.client.get(`/api/challenges/${challenge.id}/results`)).status).toBe(404);
    expect((await outsider.client.get(`/api/challenges/${challenge.id}/results/card.png`)).status).toBe(404);
    expect((await new RestClient(h.app).get(`/api/challenges/${challenge.id}/results`)).status).toBe(401);
    // A refused read froze nothing.
    expect(await h.db.$count(challengeResults, eq(challengeResults.challengeId, challenge.id))).toBe(0);
  });

  test("the first read after the end freezes the board as members saw it, with the tiebreak that decided", async () => {
    // Ann: three birdies (3 points, tally 3). Bo: one eagle (3 points, tally 1). Cy: one birdie.
    const { golfers, challenge } = await challengeOf(["Ann Apple", "Bo Birch", "Cy Cedar", "Di Dune"], {
      tiebreaker: "mostBirdies",
    });
    const [ann, bo, cy] = golfers as [Golfer, Golfer, Golfer, Golfer];
    await record(
      ann,
      challenge.id,
      [1, 2, 3].map((holeNumber) => ({ holeNumber, score: 3 })),
    );
    await record(bo, challenge.id, [{ holeNumber: 7, score: 2 }]);
    await record(cy, challenge.id, [{ holeNumber: 9, score: 3 }]);
    const board = (await ann.client.get(`/api/challenges/${challenge.id}/leaderboard`)).json;
    await end(challenge.id);
    const res = await bo.client.get(`/api/challenges/${challenge.id}/results`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      challengeId: challenge.id,
      challengeName: challenge.name,
      tiebreaker: "mostBirdies",
      decidedBy: "tiebreaker",
      decidedByText: "Level on points, decided by the tiebreaker: most birdies.",
      totalPlayers: 4,
      winners: [{ userId: ann.user.id, displayName: "Ann Apple" }],
    });
    expect(res.json.winRule).toStartWith("The player with the most points wins");
    expect(
      res.json.standings.map((s: Record<string, unknown>) => [
        s.rank,
        s.displayName,
        s.points,
        s.birdies,
        s.eagles,
        s.holes,
        s.winner,
      ]),
    ).toEqual([
      [1, "Ann Apple", 3, 3, 0, 3, true],
      [2, "Bo Birch", 3, 0, 1, 1, false],
      [3, "Cy Cedar", 1, 1, 0, 1, false],
      [4, "Di Dune", 0, 0, 0, 0, false],
    ]);
    // The same order and ranks as the live board the members saw.
    expect(res.json.standings.map((s: { userId: number; rank: number }) => [s.userId, s.rank])).toEqual(
      board.map((e: { user: { id: number }; rank: number }) => [e.user.id, e.rank]),
    );
    // The tRPC twin answers the same; one chat line announced it.
    expect(await h.caller(cy.user).results.final({ id: challenge.id })).toEqual(res.json);
    const lines = await resultLines(challenge.id);
    expect(lines.map((l) => [l.type, l.message])).toEqual([
      ["system", `${challenge.name} has ended. Ann Apple won! See the final results.`],
    ]);
  });

  test("decided on points; a shared win; nobody scored", async () => {
    const a = await challengeOf(["Pia Points", "Quin Less"]);
    await record(a.golfers[0]!, a.challenge.id, [{ holeNumber: 1, score: 2 }]);
    await record(a.golfers[1]!, a.challenge.id, [{ holeNumber: 1, score: 3 }]);
    await end(a.challenge.id);
    expect((await a.golfers[1]!.client.get(`/api/challenges/${a.challenge.id}/results`)).json).toMatchObject({
      decidedBy: "points",
      winners: [{ displayName: "Pia Points" }],
    });

    const b = await challengeOf(["Ray Level", "Sue Level"]);
    await end(b.challenge.id);
    // Identical standings, down to the moment of the last record: written directly.
    await h.db.execute(sql`insert into challenge_standings (challenge_id, user_id, points, birdies, holes, hole_moments, last_at)
      select ${b.challenge.id}, id, 2, 2, 2, array[now() - interval '2 days', now() - interval '2 days'], now() - interval '2 days'
        from users where id in (${b.golfers[0]!.user.id}, ${b.golfers[1]!.user.id})`);
    const shared = (await b.golfers[0]!.client.get(`/api/challenges/${b.challenge.id}/results`)).json;
    expect(shared.decidedBy).toBe("shared");
    expect(shared.winners.map((w: { displayName: string }) => w.displayName)).toEqual(["Ray Level", "Sue Level"]);
    expect((await resultLines(b.challenge.id))[0]?.message).toBe(
      `${b.challenge.name} has ended. Ray Level and Sue Level share the win! See the final results.`,
    );

    const c = await challengeOf(["Tom Zero"]);
    await end(c.challenge.id);
    const none = (await c.golfers[0]!.client.get(`/api/challenges/${c.challenge.id}/results`)).json;
    expect(none).toMatchObject({ decidedBy: "nobody", winners: [] });
    expect(none.decidedByText).toBe("Nobody scored in this challenge, so there is no winner.");
  });

  test("frozen: a member deleting their account, a disable, a renamed golfer and record changes rewrite nothing", async () => {
    const { golfers, challenge } = await challengeOf(["Uma Owner", "Vic Victor", "Wes West"]);
    const [owner, victor, west] = golfers as [Golfer, Golfer, Golfer];
    await record(victor, challenge.id, [
      { holeNumber: 4, score: 2 },
      { holeNumber: 5, score: 3 },
    ]);
    await record(west, challenge.id, [{ holeNumber: 6, score: 3 }]);
    await end(challenge.id);
    const before = (await owner.client.get(`/api/challenges/${challenge.id}/results`)).json;
    expect(before.winners).toEqual([{ userId: victor.user.id, displayName: "Vic Victor" }]);

    // The winner deletes their account (records, memberships go), West is disabled and renamed,
    // and West's record is deleted directly.
    const del = await victor.client.request("DELETE", "/api/users/me", { password: victor.input.password });
    expect(del.status).toBeLessThan(300);
    expect(await h.db.$count(users, eq(users.id, victor.user.id))).toBe(0);
    await h.db.update(users).set({ disabled: true, displayName: "Renamed West" }).where(eq(users.id, west.user.id));
    await h.db.delete(birdieRecords).where(eq(birdieRecords.userId, west.user.id));
    // The live board has changed...
    const live = (await owner.client.get(`/api/challenges/${challenge.id}/leaderboard`)).json;
    expect(live.map((e: { user: { displayName: string } }) => e.user.displayName)).not.toContain("Vic Victor");

    // ...the results have not (only the deleted golfer's id is gone; their name stays).
    const after = (await owner.client.get(`/api/challenges/${challenge.id}/results`)).json;
    const strip = (r: typeof before) => ({
      ...r,
      winners: r.winners.map((w: { displayName: string }) => w.displayName),
      standings: r.standings.map(({ userId: _, ...s }: { userId: number }) => s),
    });
    expect(strip(after)).toEqual(strip(before));
    expect(after.winners).toEqual([{ userId: null, displayName: "Vic Victor" }]);
    expect(after.standings.map((s: { displayName: string }) => s.displayName)).toEqual([
      "Vic Victor",
      "Wes West",
      "Uma Owner",
    ]);
    expect(await resultLines(challenge.id)).toHaveLength(1);
  });

  test("the job freezes at the end moment, once; it is scheduled at creation with a dedupe key", async () => {
    const { golfers, challenge } = await challengeOf(["Xena Job"]);
    await record(golfers[0]!, challenge.id, [{ holeNumber: 1, score: 3 }]);
    const [row] = await h.db.select().from(challenges).where(eq(challenges.id, challenge.id));
    const key = `results-freeze:${challenge.id}:${row!.endDate.toISOString()}`;
    const [job] = await h.db.select().from(jobs).where(eq(jobs.dedupeKey, key));
    expect(job?.kind).toBe("results.freeze");
    expect(job?.runAt.getTime()).toBe(row!.endDate.getTime() + 1000);
    // The end moment comes (the challenge's end and the job's time moved to just now).
    const [ended] = await h.db
      .update(challenges)
      .set({ endDate: sql`now() - interval '2 seconds'` })
      .where(eq(challenges.id, challenge.id))
      .returning();
    await h.db
      .update(jobs)
      .set({ payload: { challengeId: challenge.id, endDate: ended!.endDate.toISOString() }, runAt: sql`now()` })
      .where(eq(jobs.dedupeKey, key));
    const runner = new JobRunner(h.deps, resultsJobs);
    expect(await runner.runDue()).toBeGreaterThanOrEqual(1);
    const [frozen] = await h.db.select().from(challengeResults).where(eq(challengeResults.challengeId, challenge.id));
    expect(frozen?.decidedBy).toBe("points");
    // Run again (a lost lease): nothing more is written.
    await h.db.update(jobs).set({ status: "pending", runAt: sql`now()` }).where(eq(jobs.dedupeKey, key));
    await runner.runDue();
    expect(await resultLines(challenge.id)).toHaveLength(1);
  });

  test("concurrent freezes (job and readers at once) write one result, one board and one chat line", async () => {
    const { golfers, challenge } = await challengeOf(["Yan Race", "Zoe Race", "Al Race"]);
    await record(golfers[1]!, challenge.id, [{ holeNumber: 2, score: 3 }]);
    await end(challenge.id);
    const [row] = await h.db.select().from(challenges).where(eq(challenges.id, challenge.id));
    const at = new Date();
    const outcomes = await Promise.all([
      ...Array.from({ length: 6 }, () => freezeResults(h.db, row!, at)),
      ...golfers.map((g) => g.client.get(`/api/challenges/${challenge.id}/results`)),
    ]);
    expect(outcomes.slice(0, 6).filter((o) => o === true).length).toBeLessThanOrEqual(1);
    for (const res of outcomes.slice(6) as { status: number; json: { winners: unknown } }[]) {
      expect(res.status).toBe(200);
      expect(res.json.winners).toEqual([{ userId: golfers[1]!.user.id, displayName: "Zoe Race" }]);
    }
    expect(await h.db.$count(challengeResults, eq(challengeResults.challengeId, challenge.id))).toBe(1);
    expect(await h.db.$count(challengeResultPlayers, eq(challengeResultPlayers.challengeId, challenge.id))).toBe(3);
    expect(await resultLines(challenge.id)).toHaveLength(1);
  });
});

describe("GET /api/challenges/{id}/results/card.png", () => {
  test("a valid PNG of 1200 x 630 for members after the end; 409 before", async () => {
    const { golfers, challenge } = await challengeOf(["Card Winner", "Card Second"]);
    expect((await golfers[0]!.client.get(`/api/challenges/${challenge.id}/results/card.png`)).status).toBe(409);
    await record(golfers[0]!, challenge.id, [{ holeNumber: 1, score: 3 }]);
    await end(challenge.id);
    const res = await h.app.request(`http://localhost/api/challenges/${challenge.id}/results/card.png`, {
      headers: { Cookie: [...golfers[1]!.client.cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    const png = new Uint8Array(await res.arrayBuffer());
    // The PNG signature, then the IHDR chunk with width and height (big-endian).
    expect([...png.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(new TextDecoder().decode(png.slice(12, 16))).toBe("IHDR");
    const view = new DataView(png.buffer, png.byteOffset);
    expect([view.getUint32(16), view.getUint32(20)]).toEqual([CARD_WIDTH, CARD_HEIGHT]);
    expect([CARD_WIDTH, CARD_HEIGHT]).toEqual([1200, 630]);
    // The end of the file: an IEND chunk (a whole image, not a cut one).
    expect(new TextDecoder().decode(png.slice(-8, -4))).toBe("IEND");
    expect(png.length).toBeGreaterThan(5_000);
  });
});

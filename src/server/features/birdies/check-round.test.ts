import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import { birdieRecords } from "../../db/schema/birdies";
import { chatMessages } from "../../db/schema/chat";
import { courses } from "../../db/schema/challenges";
import { createTestHarness, signUp, type TestHarness } from "../../test/harness/harness";
import { createChallengeSchema } from "../../../shared/schemas/challenges";
import { addPlayer } from "../challenges/access";
import { createChallenge } from "../challenges/commands";
import { NOT_STARTED } from "./recording";

// The dry run before the partner signs (birdies.checkRound) and one chat line per round, amended
// when one of its records is deleted (ADR 0028).

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness();
}, 120_000);
afterAll(() => h.close());

const DAY = 86400_000;
const today = () => new Date().toISOString().slice(0, 10);
const partner = { name: "Pat Partner", signature: "P. Partner" };

async function setup(opts: { allowMultipleBirdies?: boolean; start?: number; hybrid?: boolean } = {}) {
  const owner = await signUp(h, { displayName: "Alice Ace" });
  const challenge = await createChallenge(
    h.as(owner.user),
    createChallengeSchema.parse({
      name: `Check ${Math.random().toString(36).slice(2, 8)}`,
      startDate: new Date(Date.now() + (opts.start ?? -5) * DAY).toISOString(),
      endDate: new Date(Date.now() + 20 * DAY).toISOString(),
      courseMode: opts.hybrid ? "hybrid" : "single",
      courseName: opts.hybrid ? undefined : `Check Links ${Math.random().toString(36).slice(2, 8)}`,
      allowMultipleBirdies: opts.allowMultipleBirdies ?? false,
    }),
  );
  const api = h.caller(owner.user).birdies;
  const holes = (...list: [number, number][]) => list.map(([holeNumber, score]) => ({ holeNumber, score }));
  const record = (...list: [number, number][]) =>
    api.recordRound({ challengeId: challenge.id, date: today(), holes: holes(...list), verifiedBy: partner });
  const check = (...list: [number, number][]) =>
    api.checkRound({ challengeId: challenge.id, date: today(), holes: holes(...list) });
  const lines = async () =>
    (await h.caller(owner.user).chat.list({ challengeId: challenge.id })).messages
      .filter((m) => m.type === "system")
      .map((m) => m.message);
  return { owner, challenge, api, record, check, lines };
}

describe("birdies.checkRound", () => {
  test("multiple birdies off: a second birdie or anything after an eagle clashes, an upgrade does not", async () => {
    const { record, check } = await setup();
    await record([3, 3], [5, 2]);
    const result = await check([1, 3], [3, 3], [5, 3], [7, 2]);
    expect(result.clashes).toEqual([
      { holeNumber: 3, message: "Hole 3 is already recorded in this challenge" },
      { holeNumber: 5, message: "Hole 5 is already recorded in this challenge" },
    ]);
    // The upgrade (eagle on a birdied hole) passes, as recordRound accepts it.
    expect((await check([3, 2])).clashes).toEqual([]);
    // The check agrees with recording: what it passes records, what it flags is refused.
    await expect(record([3, 3])).rejects.toMatchObject({
      code: "CONFLICT",
      message: "Hole 3 is already recorded in this challenge",
    });
    await record([3, 2]);
  });

  test("multiple birdies on: nothing clashes", async () => {
    const { record, check } = await setup({ allowMultipleBirdies: true });
    await record([3, 3], [5, 2]);
    expect((await check([3, 3], [5, 2])).clashes).toEqual([]);
  });

  test("writes nothing: no record, no chat line, no course for a typed name", async () => {
    const { api, challenge, check } = await setup({ hybrid: true });
    const name = `Typed Only ${Math.random().toString(36).slice(2, 8)}`;
    const result = await api.checkRound({
      challengeId: challenge.id,
      date: today(),
      customCourseName: name,
      holes: [{ holeNumber: 1, score: 3 }],
    });
    expect(result.clashes).toEqual([]);
    expect(await h.db.select().from(courses).where(eq(courses.name, name))).toHaveLength(0);
    expect(await h.db.select().from(birdieRecords).where(eq(birdieRecords.challengeId, challenge.id))).toHaveLength(0);
    expect(await h.db.select().from(chatMessages).where(eq(chatMessages.challengeId, challenge.id))).toHaveLength(0);
    // Hybrid without a course is refused as recording refuses it.
    await expect(check([1, 3])).rejects.toMatchObject({ code: "BAD_REQUEST", message: "Choose a course" });
  });

  test("the challenge-level rules answer as recording does: not started, not a member", async () => {
    const { check } = await setup({ start: 2 });
    await expect(check([1, 3])).rejects.toMatchObject({ code: "BAD_REQUEST", message: NOT_STARTED });
    const { challenge } = await setup();
    const stranger = await signUp(h);
    await expect(
      h
        .caller(stranger.user)
        .birdies.checkRound({ challengeId: challenge.id, date: today(), holes: [{ holeNumber: 1, score: 3 }] }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("one chat line per round", () => {
  test("a round posts one line for its holes and one for its achievements", async () => {
    const { record, lines } = await setup();
    await record([7, 3], [3, 3], [5, 2]);
    const texts = await lines();
    expect(texts[0]).toBe("Alice Ace recorded 2 birdies and an eagle: holes 3, 5, 7");
    expect(texts).toHaveLength(2);
    expect(texts[1]).toStartWith("Alice Ace earned First Birdie");
    await record([9, 2]);
    expect((await lines()).slice(2)).toEqual(["Alice Ace recorded an eagle on hole 9"]);
  });

  test("deleting a record amends its round's line; the last one removes it; achievement lines stay", async () => {
    const { owner, record, lines } = await setup();
    const round = await record([3, 3], [5, 2], [7, 3]);
    const del = (hole: number) =>
      h.caller(owner.user).birdies.delete({ id: round.records.find((r) => r.holeNumber === hole)!.id });
    await del(5);
    expect((await lines())[0]).toBe("Alice Ace recorded 2 birdies: holes 3, 7");
    await del(3);
    expect((await lines())[0]).toBe("Alice Ace recorded a birdie on hole 7");
    await del(7);
    const left = await lines();
    expect(left.some((t) => t.includes("recorded"))).toBe(false);
    expect(left.some((t) => t.startsWith("Alice Ace earned "))).toBe(true);
  });
});

describe("chat line changes are announced (drizzle/0021)", () => {
  test("an amended or removed line notifies 'chat_changed'; a line going with its challenge does not", async () => {
    const heard: { challengeId: number; id: number; op: string }[] = [];
    const listening = await h.database.listen(
      ["chat_changed"],
      (_channel, payload) => heard.push(JSON.parse(payload)),
      () => {},
    );
    try {
      const { owner, challenge, record } = await setup();
      const round = await record([3, 3], [7, 3]);
      const [line] = await h.db
        .select({ id: chatMessages.id })
        .from(chatMessages)
        .where(eq(chatMessages.challengeId, challenge.id));
      const del = (hole: number) =>
        h.caller(owner.user).birdies.delete({ id: round.records.find((r) => r.holeNumber === hole)!.id });
      await del(3);
      await del(7);
      const wait = async (n: number) => {
        for (let i = 0; i < 50 && heard.length < n; i++) await Bun.sleep(20);
      };
      await wait(2);
      expect(heard).toEqual([
        { challengeId: challenge.id, id: line!.id, op: "update" },
        { challengeId: challenge.id, id: line!.id, op: "delete" },
      ]);
      // The challenge goes with its remaining lines (the achievement line): nothing is announced.
      await h.caller(owner.user).challenges.delete({ id: challenge.id });
      await Bun.sleep(200);
      expect(heard).toHaveLength(2);
    } finally {
      await listening.stop();
    }
  });
});

describe("birdies.courseSuggestions", () => {
  test("the courses played in a hybrid challenge (most played first), then the golfer's recent ones elsewhere", async () => {
    const { owner, challenge, api } = await setup({ hybrid: true });
    const other = await setup({ hybrid: true });
    const tag = Math.random().toString(36).slice(2, 7);
    const play = (challengeId: number, name: string, hole: number, who = api) =>
      who.recordRound({
        challengeId,
        date: today(),
        customCourseName: name,
        holes: [{ holeNumber: hole, score: 3 }],
        verifiedBy: partner,
      });
    await play(challenge.id, `Dunes ${tag}`, 1);
    await play(challenge.id, `Pines ${tag}`, 2);
    await play(challenge.id, `Pines ${tag}`, 3);
    // The same golfer elsewhere: a recent course not yet played here.
    await addPlayer(h.db, other.challenge.id, owner.user.id);
    await play(other.challenge.id, `Heath ${tag}`, 4);
    const result = await api.courseSuggestions({ challengeId: challenge.id });
    expect(result.challengeCourses.map((c) => c.name)).toEqual([`Pines ${tag}`, `Dunes ${tag}`]);
    expect(result.recentCourses.map((c) => c.name)).toEqual([`Heath ${tag}`]);
    // Only members may ask.
    const stranger = await signUp(h);
    await expect(
      h.caller(stranger.user).birdies.courseSuggestions({ challengeId: challenge.id }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

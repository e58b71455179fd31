import { describe, expect, test } from "bun:test";
import { ReadCache, readDeps } from "../lib/read-cache";
import { readChangeOf } from "./bus";
import { invalidateReads } from "./read-invalidation";

// What each notification drops from the read cache (ADR 0056), and that a payload the bus cannot
// read in full drops everything rather than nothing.

describe("read_changed payloads", () => {
  test("records, members, challenges and achievements are read as sent", () => {
    expect(readChangeOf('{"records":[[1,2],[3,4]]}')).toEqual({
      records: [
        [1, 2],
        [3, 4],
      ],
      members: [],
      challenges: [],
      achievements: [],
      all: false,
    });
    expect(readChangeOf('{"members":[[5,6]]}').members).toEqual([[5, 6]]);
    expect(readChangeOf('{"challenges":[9,10]}').challenges).toEqual([9, 10]);
    expect(readChangeOf('{"achievements":[7,8]}')).toEqual({
      records: [],
      members: [],
      challenges: [],
      achievements: [7, 8],
      all: false,
    });
  });

  test.each([
    ['{"all":true}'],
    ["not json"],
    ["null"],
    ['{"records":[[1]]}'],
    ['{"records":[["1",2]]}'],
    ['{"challenges":[0]}'],
    ['{"achievements":[[1,2]]}'],
    ['{"achievements":[-1]}'],
    ['{"somethingNew":[1]}'],
    ['{"records":[[1,2]],"members":[[1,2]]}'],
  ])("%s drops everything", (payload) => {
    expect(readChangeOf(payload).all).toBe(true);
  });
});

describe("what each event drops", () => {
  async function cacheWith(entries: Record<string, string[]>) {
    const cache = new ReadCache(() => true);
    for (const [key, deps] of Object.entries(entries))
      await cache.read(
        key,
        async () => key,
        () => deps,
      );
    return { cache };
  }
  /** Still cached (a miss would load "reloaded"; with no deps it is then kept, so ask once). */
  const has = async (cache: ReadCache, key: string) =>
    (await cache.read(
      key,
      async () => "reloaded",
      () => [],
    )) === key;

  test("a record drops its challenge's board and its golfer's list, not other golfers' lists", async () => {
    const { cache } = await cacheWith({
      "board:1": [readDeps.records(1), readDeps.challenge(1)],
      "challenges:2": [readDeps.user(2), readDeps.challenge(1)],
      "challenges:3": [readDeps.user(3), readDeps.challenge(1)],
      "members:1": [readDeps.challenge(1)],
    });
    invalidateReads(cache, {
      kind: "read-changed",
      records: [[1, 2]],
      members: [],
      challenges: [],
      achievements: [],
      all: false,
    });
    expect(await has(cache, "board:1")).toBe(false);
    expect(await has(cache, "challenges:2")).toBe(false);
    expect(await has(cache, "challenges:3")).toBe(true);
    expect(await has(cache, "members:1")).toBe(true);
  });

  test("a membership drops the challenge everywhere and the golfer's list", async () => {
    const { cache } = await cacheWith({
      "members:1": [readDeps.challenge(1)],
      "challenges:3": [readDeps.user(3), readDeps.challenge(1)],
      "challenges:4": [readDeps.user(4)],
      "challenges:9": [readDeps.user(9), readDeps.challenge(2)],
    });
    invalidateReads(cache, {
      kind: "read-changed",
      records: [],
      members: [[1, 4]],
      challenges: [],
      achievements: [],
      all: false,
    });
    expect(await has(cache, "members:1")).toBe(false);
    expect(await has(cache, "challenges:3")).toBe(false);
    expect(await has(cache, "challenges:4")).toBe(false);
    expect(await has(cache, "challenges:9")).toBe(true);
  });

  test("an award drops that golfer's achievements and nothing else", async () => {
    const { cache } = await cacheWith({
      "achievements:5": [readDeps.achievements(5), readDeps.user(5)],
      "achievements:6": [readDeps.achievements(6), readDeps.user(6)],
      "challenges:5": [readDeps.user(5)],
    });
    invalidateReads(cache, {
      kind: "read-changed",
      records: [],
      members: [],
      challenges: [],
      achievements: [5],
      all: false,
    });
    expect(await has(cache, "achievements:5")).toBe(false);
    expect(await has(cache, "achievements:6")).toBe(true);
    expect(await has(cache, "challenges:5")).toBe(true);
  });

  test("a chat line drops its room's pages; a user row, wherever that golfer is shown; a resync, everything", async () => {
    const { cache } = await cacheWith({
      "chat:1:50": [readDeps.chat(1), readDeps.name(7)],
      "chat:2:50": [readDeps.chat(2)],
      "board:3": [readDeps.records(3), readDeps.name(8)],
    });
    invalidateReads(cache, { kind: "message", challengeId: 1, id: 99 });
    expect(await has(cache, "chat:1:50")).toBe(false);
    expect(await has(cache, "chat:2:50")).toBe(true);
    invalidateReads(cache, { kind: "users-changed", userIds: [8] });
    expect(await has(cache, "board:3")).toBe(false);
    invalidateReads(cache, { kind: "resync" });
    expect(cache.size).toBe(0);
  });
});

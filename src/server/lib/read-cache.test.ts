import { describe, expect, test } from "bun:test";
import { ReadCache, readDeps } from "./read-cache";

// The read cache's own rules (ADR 0056), without a database: what it keeps, what a change drops,
// and that a read racing a change is never kept. Across processes: test/resilience/read-cache.test.ts.

function setup() {
  let fresh = true;
  let now = 1_000_000;
  const cache = new ReadCache(
    () => fresh,
    () => now,
  );
  let loads = 0;
  const read = (key: string, value: string, deps: string[]) =>
    cache.read(
      key,
      async () => {
        loads += 1;
        return value;
      },
      () => deps,
    );
  return {
    cache,
    read,
    loads: () => loads,
    setFresh: (v: boolean) => (fresh = v),
    advance: (ms: number) => (now += ms),
  };
}

describe("ReadCache", () => {
  test("a second read of a key is answered from the cache", async () => {
    const t = setup();
    expect(await t.read("board:1", "v1", ["b:1"])).toBe("v1");
    expect(await t.read("board:1", "v2", ["b:1"])).toBe("v1");
    expect(t.loads()).toBe(1);
    expect(t.cache.stats).toMatchObject({ hits: 1, misses: 1 });
  });

  test("a change to any dep drops the entry; changes to other deps do not", async () => {
    const t = setup();
    await t.read("challenges:7", "old", [readDeps.user(7), readDeps.challenge(1), readDeps.challenge(2)]);
    t.cache.invalidate([readDeps.challenge(3), readDeps.user(8)]);
    expect(await t.read("challenges:7", "new", [])).toBe("old");
    t.cache.invalidate([readDeps.challenge(2)]);
    expect(await t.read("challenges:7", "new", [readDeps.user(7)])).toBe("new");
    expect(t.loads()).toBe(2);
  });

  test("a read that a change overtook is answered but not kept", async () => {
    const t = setup();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const racing = t.cache.read(
      "board:1",
      async () => {
        await gate;
        return "read before the change committed";
      },
      () => [readDeps.records(1)],
    );
    t.cache.invalidate([readDeps.records(1)]);
    release();
    expect(await racing).toBe("read before the change committed");
    expect(await t.read("board:1", "after", [readDeps.records(1)])).toBe("after");
  });

  test("a clear during a read keeps that read out too", async () => {
    const t = setup();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const racing = t.cache.read(
      "k",
      async () => {
        await gate;
        return "stale";
      },
      () => ["x"],
    );
    t.cache.clear();
    release();
    await racing;
    expect(await t.read("k", "fresh", ["x"])).toBe("fresh");
  });

  test("while the listener is not proven current nothing is answered from the cache", async () => {
    const t = setup();
    await t.read("k", "cached", ["x"]);
    t.setFresh(false);
    expect(await t.read("k", "from the database", ["x"])).toBe("from the database");
    t.setFresh(true);
    expect(await t.read("k", "unused", ["x"])).toBe("from the database");
  });

  test("entries are read again after a minute whatever happened", async () => {
    const t = setup();
    await t.read("k", "first", ["x"]);
    t.advance(59_000);
    expect(await t.read("k", "second", ["x"])).toBe("first");
    t.advance(2_000);
    expect(await t.read("k", "second", ["x"])).toBe("second");
  });

  test("at most 5,000 entries: the oldest goes first, and its deps no longer name it", async () => {
    const t = setup();
    for (let i = 0; i < 5_001; i++) await t.read(`k${i}`, `v${i}`, [`d${i}`, "shared"]);
    expect(t.cache.size).toBe(5_000);
    expect(await t.read("k0", "reloaded", ["d0"])).toBe("reloaded");
    expect(await t.read("k2", "unused", [])).toBe("v2");
    t.cache.invalidate(["shared"]);
    expect(t.cache.size).toBe(1);
  });

  describe("reads of a key being loaded wait for that load (session 30)", () => {
    /**
     * A cache and reads of one board whose first load waits for release() (or fail()); every load
     * counts itself in loads(), and a later load answers with the value its read asked for.
     */
    function gated() {
      const t = setup();
      let loads = 0;
      let release!: (v: string) => void;
      let fail!: (e: Error) => void;
      const gate = new Promise<string>((res, rej) => {
        release = res;
        fail = rej;
      });
      const read = (value: string) =>
        t.cache.read(
          "board:1",
          async () => {
            loads += 1;
            return loads === 1 ? gate : value;
          },
          () => [readDeps.records(1)],
        );
      return { t, read, release: (v: string) => release(v), fail: (e: Error) => fail(e), loads: () => loads };
    }

    /** The board's first read, whose load is held, and a second read that comes while it loads. */
    function firstAndWaiting(waitingValue: string) {
      const g = gated();
      return { g, first: g.read("unused"), waiting: g.read(waitingValue) };
    }

    test("ten reads of one board while it loads make one load and all get its value", async () => {
      const g = gated();
      const reads = Array.from({ length: 10 }, (_, i) => g.read(`load ${i + 2}`));
      g.release("the board");
      expect(await Promise.all(reads)).toEqual(Array(10).fill("the board"));
      expect(g.loads()).toBe(1);
      expect(g.t.cache.stats).toMatchObject({ misses: 1, hits: 9, joined: 9 });
    });

    test("a change to what the load reads, while it loads, sends the waiting reads to load again", async () => {
      const { g, first, waiting } = firstAndWaiting("read after the change");
      g.t.cache.invalidate([readDeps.records(1)]);
      g.release("read before the change");
      // The first read is answered with what it read (as before), the one that waited reads again.
      expect(await first).toBe("read before the change");
      expect(await waiting).toBe("read after the change");
      expect(g.loads()).toBe(2);
    });

    test("a change right after the load, before the waiting read resumes, sends it to load again", async () => {
      const { g, first, waiting } = firstAndWaiting("read after the change");
      g.release("read before the change");
      expect(await first).toBe("read before the change");
      g.t.cache.invalidate([readDeps.records(1)]);
      expect(await waiting).toBe("read after the change");
    });

    test("a failed load fails its own read only: the waiting reads load for themselves", async () => {
      const { g, first, waiting } = firstAndWaiting("loaded again");
      g.fail(new Error("connection lost"));
      await expect(first).rejects.toThrow("connection lost");
      expect(await waiting).toBe("loaded again");
      expect(g.loads()).toBe(2);
    });

    test("while the listener is not proven current nobody waits for another read's load", async () => {
      const g = gated();
      const first = g.read("unused");
      g.t.setFresh(false);
      expect(await g.read("its own load")).toBe("its own load");
      g.release("the first load");
      expect(await first).toBe("the first load");
    });
  });
});

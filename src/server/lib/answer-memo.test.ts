import { describe, expect, test } from "bun:test";
import type { Db } from "../db/client";
import { AnswerMemo } from "./answer-memo";
import { ReadCache, readDeps, readThrough } from "./read-cache";
import { noteUntracked, noteValidUntil, ReadTrace, tracing } from "./read-trace";

// The answer memo's own rules (ADR 0062), without a database: an answer is given again only while
// every read-cache entry it was made of stands, for the same user object, before its clock-bound
// status changes; and only answers whose every read went through the read cache are kept. Through
// a server and across instances: test/resilience/answer-memo.test.ts.

function setup() {
  let now = 1_000_000;
  let fresh = true;
  const clock = () => now;
  const cache = new ReadCache(() => fresh, clock);
  const memo = new AnswerMemo(clock);
  /** Makes an answer as the middleware does: `make` runs with a trace in the request context. */
  async function answer(make: () => Promise<string>) {
    const trace = new ReadTrace();
    const body = await tracing(trace, make);
    return { body, trace };
  }
  const read = (key: string, value: string, deps: string[]) =>
    cache.read(
      key,
      async () => value,
      () => deps,
    );
  return {
    cache,
    memo,
    answer,
    read,
    advance: (ms: number) => (now += ms),
    setFresh: (v: boolean) => (fresh = v),
    now: () => now,
  };
}

const user = { id: 1 };
const headers = { "content-type": "application/json" };

describe("the answer memo", () => {
  test("gives the answer again while its reads stand, and not once one of them changed", async () => {
    const { cache, memo, answer, read } = setup();
    const made = await answer(
      async () =>
        (await read("board:1", "b1", [readDeps.records(1)])) + (await read("chat:1", "c1", [readDeps.chat(1)])),
    );
    expect(made.trace.reads.map((r) => r.key)).toEqual(["board:1", "chat:1"]);
    memo.keep("k", user, { body: made.body, headers }, made.trace);
    expect(memo.answer("k", user)?.body).toBe("b1c1");
    expect(memo.answer("k", user)?.headers).toEqual(headers);

    cache.invalidate([readDeps.chat(1)]);
    expect(memo.answer("k", user)).toBeUndefined();
    // A stale answer goes: even the entries coming back (a new read) do not revive it.
    await read("chat:1", "c2", [readDeps.chat(1)]);
    expect(memo.answer("k", user)).toBeUndefined();
    expect(memo.stats).toEqual({ hits: 2, misses: 2 });
  });

  test("a hit on an entry counts like a miss that was kept", async () => {
    const { memo, answer, read } = setup();
    await read("board:1", "b1", []);
    const made = await answer(() => read("board:1", "other", []));
    expect(made.body).toBe("b1");
    memo.keep("k", user, { body: made.body, headers }, made.trace);
    expect(memo.answer("k", user)?.body).toBe("b1");
  });

  test("only for the very user object it was made for (a changed user is a new object)", async () => {
    const { memo, answer, read } = setup();
    const made = await answer(() => read("board:1", "b1", []));
    memo.keep("k", user, { body: made.body, headers }, made.trace);
    expect(memo.answer("k", { id: 1 })).toBeUndefined();
    expect(memo.answer("k", user)).toBeUndefined();
  });

  test("not after the moment a status in it changes, nor past the read cache's entry age", async () => {
    const { memo, answer, read, advance, now } = setup();
    const until = now() + 5_000;
    const made = await answer(async () => {
      noteValidUntil(until + 1_000);
      const value = await read("challenges:1", "list", []);
      noteValidUntil(until);
      return value;
    });
    expect(made.trace.validUntil).toBe(until);
    memo.keep("k", user, { body: made.body, headers }, made.trace);
    advance(4_999);
    expect(memo.answer("k", user)?.body).toBe("list");
    advance(1);
    expect(memo.answer("k", user)).toBeUndefined();

    const later = await answer(() => read("chat:2", "c", []));
    memo.keep("c", user, { body: later.body, headers }, later.trace);
    advance(60_001);
    expect(memo.answer("c", user)).toBeUndefined();
  });

  test("not while the read cache's listener is unproven", async () => {
    const { memo, answer, read, setFresh } = setup();
    const made = await answer(() => read("board:1", "b1", []));
    memo.keep("k", user, { body: made.body, headers }, made.trace);
    setFresh(false);
    expect(memo.answer("k", user)).toBeUndefined();
  });

  test("an answer with a read around the cache, or with no read at all, is not kept", async () => {
    const { cache, memo, answer, read } = setup();
    const around = await answer(async () => {
      const value = await read("board:1", "b1", []);
      noteUntracked();
      return value;
    });
    memo.keep("a", user, { body: around.body, headers }, around.trace);
    expect(memo.answer("a", user)).toBeUndefined();

    // readThrough inside a transaction (or with no cache) reads the database: untracked.
    const db = {} as Db;
    const tx = {} as Db;
    const inTx = await answer(() =>
      readThrough(
        { db: tx, deps: { readCache: cache, database: { db } } },
        "board:9",
        async () => "fresh",
        () => [],
      ),
    );
    expect(inTx.trace.complete).toBe(false);

    const none = await answer(async () => "me");
    memo.keep("n", user, { body: none.body, headers }, none.trace);
    expect(memo.answer("n", user)).toBeUndefined();
  });

  test("a read that raced a change (not kept by the read cache) leaves the trace incomplete", async () => {
    const { cache, answer } = setup();
    const made = await answer(() =>
      cache.read(
        "board:1",
        async () => {
          cache.invalidate([readDeps.records(1)]);
          return "raced";
        },
        () => [readDeps.records(1)],
      ),
    );
    expect(made.trace.complete).toBe(false);
  });

  test("keeps at most its size in text, dropping the oldest answers first", async () => {
    const { memo, answer, read } = setup();
    const big = "x".repeat(1024 * 1024);
    for (let i = 0; i < 20; i++) {
      const made = await answer(() => read(`board:${i}`, big, []));
      memo.keep(`k${i}`, user, { body: made.body, headers }, made.trace);
    }
    expect(memo.size).toBe(16);
    expect(memo.answer("k0", user)).toBeUndefined();
    expect(memo.answer("k19", user)?.body.length).toBe(big.length);
  });
});

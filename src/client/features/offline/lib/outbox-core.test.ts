import { describe, expect, test } from "bun:test";
import type { RecordRoundInput } from "../../../../shared/schemas/birdies";
import {
  pendingHolesOf,
  classifySyncError,
  createMemoryStore,
  flushEntries,
  INTERRUPTED_SEND_MESSAGE,
  newEntry,
  type OutboxEntry,
  sameOutbox,
} from "./outbox-core";
import { isNetworkError } from "../../../lib/errors";
import { uuid } from "../../../lib/uuid";

const round = (challengeId: number, hole = 1): RecordRoundInput => ({
  challengeId,
  courseId: 1,
  date: "2026-05-02",
  holes: [{ holeNumber: hole, score: 3 }],
  verifiedBy: { name: "Partner", signature: "P" },
});

const httpError = (status: number, message: string) =>
  Object.assign(new Error(message), { data: { httpStatus: status } });
const networkError = () => Object.assign(new Error("Failed to fetch"), { cause: new TypeError("Failed to fetch") });

function entries(...list: OutboxEntry[]) {
  return createMemoryStore(list);
}

describe("classifySyncError", () => {
  const cases: [string, unknown, string][] = [
    ["fetch TypeError", new TypeError("Failed to fetch"), "offline"],
    ["tRPC client error caused by a TypeError", networkError(), "offline"],
    ["400 validation", httpError(400, "Hole 3 is already recorded in this challenge"), "rejected"],
    ["403", httpError(403, "Not allowed"), "rejected"],
    ["404", httpError(404, "Challenge not found"), "rejected"],
    ["409", httpError(409, "Hole 3 is already recorded in this challenge"), "rejected"],
    ["401 (sign in again, keep it)", httpError(401, "Not signed in"), "retry-later"],
    ["429", httpError(429, "Slow down"), "retry-later"],
    ["500", httpError(500, "Boom"), "retry-later"],
    ["503", httpError(503, "Database down"), "retry-later"],
  ];
  for (const [name, error, kind] of cases) test(name, () => expect<string>(classifySyncError(error)).toBe(kind));

  test("isNetworkError is only true without an HTTP answer", () => {
    expect(isNetworkError(new TypeError("Failed to fetch"))).toBe(true);
    expect(isNetworkError(networkError())).toBe(true);
    expect(isNetworkError(httpError(500, "Failed to fetch"))).toBe(false);
    expect(isNetworkError(new Error("Hole 3 is already recorded"))).toBe(false);
    expect(isNetworkError(null)).toBe(false);
  });
});

describe("flushEntries", () => {
  test("sends each pending round once, oldest first, and deletes it on success", async () => {
    const a = newEntry(7, round(1), 1000, "a");
    const b = newEntry(7, round(2), 2000, "b");
    const store = entries(b, a);
    const sent: number[] = [];
    const report = await flushEntries(store, 7, async (input) => {
      sent.push(Number(input.challengeId));
    });
    expect(sent).toEqual([1, 2]);
    expect(report.sent.map((e) => e.id)).toEqual(["a", "b"]);
    expect(store.entries.size).toBe(0);

    // A second flush has nothing left to send.
    await flushEntries(store, 7, async () => {
      sent.push(-1);
    });
    expect(sent).toEqual([1, 2]);
  });

  test("a 4xx keeps the round as failed with the server's message and moves on", async () => {
    const store = entries(newEntry(7, round(1), 1, "a"), newEntry(7, round(2), 2, "b"));
    const report = await flushEntries(store, 7, async (input) => {
      if (input.challengeId === 1) throw httpError(409, "Hole 1 is already recorded in this challenge");
    });
    expect(report.rejected.map((e) => e.id)).toEqual(["a"]);
    expect(report.sent.map((e) => e.id)).toEqual(["b"]);
    expect(store.entries.get("a")).toMatchObject({
      status: "failed",
      error: "Hole 1 is already recorded in this challenge",
    });
    expect(store.entries.has("b")).toBe(false);

    // Failed rounds wait for the player: the next flush does not resend them.
    let calls = 0;
    await flushEntries(store, 7, async () => {
      calls++;
    });
    expect(calls).toBe(0);
  });

  test("a refused round the record form can take back leaves the outbox as a draft", async () => {
    const store = entries(newEntry(7, round(1), 1, "a"), newEntry(7, round(2), 2, "b"));
    const offered: string[] = [];
    const report = await flushEntries(
      store,
      7,
      async () => {
        throw httpError(400, "The date played must be inside the challenge");
      },
      // Challenge 1's page takes it back; challenge 2's cannot (say a round is being marked there).
      (entry) => {
        offered.push(`${entry.id}: ${entry.error}`);
        return entry.input.challengeId === 1 ? "/record-birdies/1" : null;
      },
    );
    expect(offered).toEqual([
      "a: The date played must be inside the challenge",
      "b: The date played must be inside the challenge",
    ]);
    expect(report.restored.map((r) => [r.entry.id, r.path])).toEqual([["a", "/record-birdies/1"]]);
    expect(report.rejected.map((e) => e.id)).toEqual(["b"]);
    expect([...store.entries.keys()]).toEqual(["b"]);
  });

  test("no connection stops the flush and keeps every unsent round pending", async () => {
    const store = entries(newEntry(7, round(1), 1, "a"), newEntry(7, round(2), 2, "b"));
    let calls = 0;
    const report = await flushEntries(store, 7, async () => {
      calls++;
      throw networkError();
    });
    expect(calls).toBe(1);
    expect(report.stoppedBy).toBe("offline");
    expect([...store.entries.values()].map((e) => e.status)).toEqual(["pending", "pending"]);
  });

  test("a server fault stops the flush without marking the round failed", async () => {
    const store = entries(newEntry(7, round(1), 1, "a"));
    const report = await flushEntries(store, 7, async () => {
      throw httpError(503, "Service unavailable");
    });
    expect(report.stoppedBy).toBe("retry-later");
    expect(store.entries.get("a")?.status).toBe("pending");
  });

  test("only the signed-in player's rounds are sent", async () => {
    const store = entries(newEntry(7, round(1), 1, "mine"), newEntry(8, round(2), 2, "theirs"));
    const sent: string[] = [];
    await flushEntries(store, 7, async (input) => {
      sent.push(String(input.challengeId));
    });
    expect(sent).toEqual(["1"]);
    expect(store.entries.has("theirs")).toBe(true);
  });

  test("a round cut off mid-send is resent with the same clientRoundId (the server records it once)", async () => {
    const store = entries({ ...newEntry(7, round(1), 1, "round-id-a"), status: "sending" });
    const ids: (string | undefined)[] = [];
    const report = await flushEntries(store, 7, async (input) => {
      ids.push(input.clientRoundId);
    });
    expect(ids).toEqual(["round-id-a"]);
    expect(report.sent.map((e) => e.id)).toEqual(["round-id-a"]);
  });

  test("an old entry without a clientRoundId cut off mid-send is never resent automatically", async () => {
    const legacy = newEntry(7, round(1), 1, "a");
    delete (legacy.input as { clientRoundId?: string }).clientRoundId;
    const store = entries({ ...legacy, status: "sending" });
    let calls = 0;
    const report = await flushEntries(store, 7, async () => {
      calls++;
    });
    expect(calls).toBe(0);
    expect(report.rejected.map((e) => e.id)).toEqual(["a"]);
    expect(store.entries.get("a")).toMatchObject({ status: "failed", error: INTERRUPTED_SEND_MESSAGE });
  });

  test("the entry is marked sending while its request is in flight", async () => {
    const store = entries(newEntry(7, round(1), 1, "a"));
    let seen: string | undefined;
    await flushEntries(store, 7, async () => {
      seen = store.entries.get("a")?.status;
    });
    expect(seen).toBe("sending");
  });
});

test("uuid has the v4 shape", () => {
  expect(uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  expect(uuid()).not.toBe(uuid());
});

describe("a round naming a partner's account", () => {
  test("is kept and sent with its partnerUserId (two-key verification)", async () => {
    const input: RecordRoundInput = {
      challengeId: 4,
      date: "2026-05-02",
      holes: [{ holeNumber: 2, score: 3 }],
      partnerUserId: 77,
    };
    const store = entries(newEntry(1, input, 1, "round-with-partner"));
    const sent: RecordRoundInput[] = [];
    await flushEntries(store, 1, async (i) => {
      sent.push(i);
    });
    expect(sent).toEqual([{ ...input, clientRoundId: "round-with-partner" }]);
    expect(sent[0]?.verifiedBy).toBeUndefined();
  });
});

describe("pendingHolesOf", () => {
  const entry = (challengeId: number, holes: [number, number][], status: OutboxEntry["status"] = "pending") => ({
    ...newEntry(1, {
      challengeId,
      date: "2026-05-01",
      holes: holes.map(([holeNumber, score]) => ({ holeNumber, score })),
      verifiedBy: { name: "P", signature: "P" },
    }),
    status,
  });
  test("the waiting holes of one challenge; an eagle wins over a birdie; refused rounds are not waiting", () => {
    const entries = [
      entry(5, [
        [3, 3],
        [7, 2],
      ]),
      entry(
        5,
        [
          [3, 2],
          [7, 3],
        ],
        "sending",
      ),
      entry(5, [[9, 3]], "failed"),
      entry(6, [[1, 3]]),
    ];
    expect([...pendingHolesOf(entries, 5)].sort()).toEqual([
      [3, "eagle"],
      [7, "eagle"],
    ]);
    expect(pendingHolesOf(entries, null).size).toBe(0);
  });
});

describe("sameOutbox", () => {
  const first = newEntry(7, round(1), 1_000, "a");
  const second = newEntry(7, round(1, 2), 2_000, "b");

  test("the same rounds read again (new objects) are the same outbox", () => {
    expect(sameOutbox([first, second], [{ ...first }, { ...second }])).toBe(true);
    expect(sameOutbox([], [])).toBe(true);
  });

  test("a round more or less, another order, a new status or error is a change", () => {
    expect(sameOutbox([first], [first, second])).toBe(false);
    expect(sameOutbox([first, second], [second, first])).toBe(false);
    expect(sameOutbox([first], [{ ...first, status: "sending" }])).toBe(false);
    expect(
      sameOutbox([{ ...first, status: "failed", error: "No" }], [{ ...first, status: "failed", error: "Gone" }]),
    ).toBe(false);
  });
});

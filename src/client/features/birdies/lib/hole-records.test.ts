import { describe, expect, test } from "bun:test";
import type { BirdieRecord } from "../../../../shared/schemas/birdies";
import {
  formatPlayedDate,
  holeFieldsFromRecords,
  holeStatuses,
  holesByCourse,
  newestFirst,
  recordedHoles,
  signatureText,
  typeName,
} from "./hole-records";

let nextId = 1;
function record(over: Partial<BirdieRecord>): BirdieRecord {
  const score = over.score ?? 3;
  return {
    id: nextId++,
    challengeId: 1,
    userId: 1,
    courseId: 1,
    courseName: "Pebble Beach",
    holeNumber: 1,
    score,
    type: score <= 2 ? "eagle" : "birdie",
    counted: true,
    verificationStatus: "signed",
    partnerUserId: null,
    date: "2026-05-01",
    createdAt: "2026-05-01T10:00:00.000Z",
    verifiedBy: { name: "Partner", signature: "signature:P" },
    ...over,
  };
}

describe("holeStatuses", () => {
  test("eagled holes are not also birdied; counts come from holeCounts", () => {
    const list = holeStatuses({
      birdiedHoles: [2],
      eagleHoles: [2, 5],
      holeCounts: { "2": { birdies: 1, eagles: 1 }, "5": { birdies: 0, eagles: 2 } },
    });
    expect(list).toHaveLength(18);
    expect(list[0]).toEqual({ hole: 1, state: "none", birdies: 0, eagles: 0 });
    expect(list[1]).toEqual({ hole: 2, state: "eagle", birdies: 1, eagles: 1 });
    expect(list[4]).toEqual({ hole: 5, state: "eagle", birdies: 0, eagles: 2 });
  });
});

describe("holeFieldsFromRecords", () => {
  test("ignores superseded records and counts distinct holes", () => {
    const fields = holeFieldsFromRecords([
      record({ holeNumber: 3, score: 3, counted: false }),
      record({ holeNumber: 3, score: 2 }),
      record({ holeNumber: 4, score: 3 }),
      record({ holeNumber: 4, score: 3 }),
    ]);
    expect(fields.birdiedHoles).toEqual([4]);
    expect(fields.eagleHoles).toEqual([3]);
    expect(fields.holeCounts).toEqual({ "3": { birdies: 0, eagles: 1 }, "4": { birdies: 2, eagles: 0 } });
    expect(fields.distinctHoles).toBe(2);
  });
});

describe("record texts", () => {
  test.each([
    [3, "Birdie"],
    [2, "Eagle"],
    [1, "Eagle"],
  ] as const)("score %d is a %s", (score, name) => {
    expect(typeName(score)).toBe(name);
  });

  test.each([
    ["signature:Jack N", "Jack N"],
    ["Jack N", "Jack N"],
    ["signature:", null],
    ["", null],
    [null, null],
  ])("signature %p reads %p", (stored, shown) => {
    expect(signatureText(stored)).toBe(shown);
  });

  test("a date played is the same calendar day everywhere", () => {
    expect(formatPlayedDate("2026-01-05")).toBe("Jan 5, 2026");
    expect(formatPlayedDate("garbage")).toBe("garbage");
  });
});

describe("ordering and grouping", () => {
  test("newest first by date played, then by recording time", () => {
    const a = record({ date: "2026-05-01", createdAt: "2026-05-01T10:00:00.000Z" });
    const b = record({ date: "2026-05-03", createdAt: "2026-05-03T08:00:00.000Z" });
    const c = record({ date: "2026-05-03", createdAt: "2026-05-03T09:00:00.000Z" });
    expect(newestFirst([a, b, c]).map((r) => r.id)).toEqual([c.id, b.id, a.id]);
  });

  test("holes by course, busiest course first, unknown names grouped", () => {
    const groups = holesByCourse([
      record({ courseName: "Augusta", holeNumber: 12 }),
      record({ courseName: "Pebble Beach", holeNumber: 7 }),
      record({ courseName: "Pebble Beach", holeNumber: 3 }),
      record({ courseName: "Pebble Beach", holeNumber: 3 }),
      record({ courseName: null, holeNumber: 1 }),
      record({ courseName: "Augusta", holeNumber: 13, counted: false }),
    ]);
    expect(groups).toEqual([
      { courseName: "Pebble Beach", holes: [3, 7] },
      { courseName: "Augusta", holes: [12] },
      { courseName: "Unknown course", holes: [1] },
    ]);
  });
});

describe("pending holes", () => {
  test("a hole whose only record waits for a confirmation and does not count shows as pending", () => {
    const fields = { birdiedHoles: [1], eagleHoles: [], holeCounts: { "1": { birdies: 1, eagles: 0 } } };
    const list = [
      record({ holeNumber: 1 }),
      record({ holeNumber: 2, counted: false, verificationStatus: "pending" }),
      record({ holeNumber: 3, counted: false, verificationStatus: "voided" }),
    ];
    const statuses = holeStatuses(fields, list);
    expect(statuses[0]).toEqual({ hole: 1, state: "birdie", birdies: 1, eagles: 0 });
    expect(statuses[1]?.pending).toBe(true);
    expect(statuses[2]?.pending).toBeUndefined();
  });
});

describe("recordedHoles (the record form's picker)", () => {
  const fields = {
    birdiedHoles: [3],
    eagleHoles: [4],
    holeCounts: { "3": { birdies: 1, eagles: 0 }, "4": { birdies: 0, eagles: 1 } },
  };
  const one = { ...fields, allowMultipleBirdies: false };

  test("holes on the server: a birdied hole takes only an eagle, an eagled one nothing", () => {
    const holes = recordedHoles(one);
    expect(holes.get(1)?.allowed).toEqual(["birdie", "eagle"]);
    expect(holes.get(3)?.allowed).toEqual(["eagle"]);
    expect(holes.get(4)?.allowed).toEqual([]);
    expect(holes.get(1)?.waiting).toBeUndefined();
  });

  test("a round waiting on this device takes its holes as the server will once it is sent", () => {
    const waiting = new Map([
      [1, "birdie" as const],
      [2, "eagle" as const],
      [3, "eagle" as const],
    ]);
    const holes = recordedHoles(one, waiting);
    expect(holes.get(1)).toMatchObject({ allowed: ["eagle"], waiting: "birdie", status: { state: "none" } });
    expect(holes.get(2)).toMatchObject({ allowed: [], waiting: "eagle" });
    // A waiting eagle over a recorded birdie closes the hole; the recorded state stays the server's.
    expect(holes.get(3)).toMatchObject({ allowed: [], waiting: "eagle", status: { state: "birdie" } });
    expect(holes.get(5)?.allowed).toEqual(["birdie", "eagle"]);
  });

  test("with multiple birdies every hole takes both marks, waiting or not, and still says it waits", () => {
    const holes = recordedHoles({ ...fields, allowMultipleBirdies: true }, new Map([[4, "birdie" as const]]));
    expect(holes.get(4)).toMatchObject({ allowed: ["birdie", "eagle"], waiting: "birdie" });
    expect(holes.get(3)?.allowed).toEqual(["birdie", "eagle"]);
  });
});

import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { decodeWire, encodeWire } from "./trpc-transformer";

// ADR 0061: what the client decodes is what JSON would have carried without the encoding, for any
// answer; objects with numeric keys travel marked; nothing the server holds is changed.

const overTheWire = (value: unknown) => decodeWire(JSON.parse(JSON.stringify(encodeWire(value)) ?? "null"));
const plainJson = (value: unknown) => JSON.parse(JSON.stringify(value) ?? "null");

/** JSON values with numeric-keyed objects and the marker key among them. */
const answer = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.jsonValue({ maxDepth: 2 }),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.string(), fc.nat(30).map(String), fc.constant("$n")), tie("value"), { maxKeys: 5 }),
  ),
})).value;

describe("the tRPC wire transformer", () => {
  test("any answer comes out as JSON would have carried it", () => {
    fc.assert(
      fc.property(answer, (value) => {
        expect(overTheWire(value)).toEqual(plainJson(value));
      }),
      { numRuns: 2_000 },
    );
  });

  test("never changes what it encodes (answers may be cached)", () => {
    fc.assert(
      fc.property(answer, (value) => {
        const before = JSON.stringify(value);
        encodeWire(value);
        expect(JSON.stringify(value)).toBe(before);
      }),
      { numRuns: 500 },
    );
  });

  test("holeCounts travel marked, and come back with their numeric keys", () => {
    const holeCounts = { "1": { birdies: 2, eagles: 0 }, "7": { birdies: 0, eagles: 1 } };
    const list = [{ id: 3, name: "Spring Open", holeCounts, birdiedHoles: [1], courses: [{ id: 1, name: "Links" }] }];
    const text = JSON.stringify(encodeWire(list));
    expect(text).toBe(
      '[{"id":3,"name":"Spring Open","holeCounts":{"$n":["1",{"birdies":2,"eagles":0},"7",{"birdies":0,"eagles":1}]},' +
        '"birdiedHoles":[1],"courses":[{"id":1,"name":"Links"}]}]',
    );
    expect(decodeWire(JSON.parse(text))).toEqual(list);
    // The same object again (the read cache's): the same form.
    expect(encodeWire(list)).toEqual(encodeWire(list));
  });

  test("an object that has the marker key itself round-trips; undefined and functions are dropped as JSON drops them", () => {
    const tricky = { $n: ["1", 2], "2": undefined, "3": () => 1, "4": [undefined, 5], name: "__proto__" };
    expect(overTheWire(tricky)).toEqual(plainJson(tricky));
    const proto = JSON.parse('{"1": 1, "__proto__": {"polluted": true}}');
    const back = overTheWire(proto) as Record<string, unknown>;
    expect(Object.keys(back)).toEqual(["1", "__proto__"]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  test("dates and other non-plain objects are left to JSON.stringify", () => {
    const at = new Date("2026-11-29T10:00:00.000Z");
    expect(overTheWire({ at, list: [at] })).toEqual({ at: at.toISOString(), list: [at.toISOString()] });
  });
});

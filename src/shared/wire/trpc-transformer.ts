// How tRPC answers travel between our server and our client (ADR 0061). The data on both ends is
// exactly the product's shapes (docs/product/api.md); only the text in between differs, in one way:
// an object whose keys are numbers, such as a challenge's `holeCounts` ({ "1": {...}, "7": {...} }),
// travels as `{ "$n": ["1", {...}, "7", {...}] }`.
//
// Why: the JSON.stringify of Bun's engine (JavaScriptCore) serializes on a fast path that gives up,
// for the whole answer, at the first object with numeric keys and starts again on a path several
// times slower. Every challenge in a golfer's list and every row of a board has `holeCounts`, so
// most answers went the slow way: a 30-challenge list took ~150 us to stringify against ~18 us
// without them (issue 19, session 21). Inputs are not transformed (callers send plain JSON), and the
// REST routes keep their documented JSON exactly.

/** The key of an encoded object; an object that has this key itself is encoded too, so it round-trips. */
const MARK = "$n";

/** Numeric keys (array indices) come first when an object's keys are enumerated, and start with a digit. */
const startsWithDigit = (key: string) => {
  const c = key.charCodeAt(0);
  return c >= 48 && c <= 57;
};

const isPlainObject = (value: object) => {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/**
 * Encoded forms of the objects with numeric keys already sent: the read cache (ADR 0056) hands the
 * same `holeCounts` to every request until it changes, and answers are never changed once made
 * (what the read cache relies on too). Building the form costs ~1.4 us per object, looking it up
 * ~0.05 us. Weak: an object no longer cached takes its form with it.
 */
const encodedOnce = new WeakMap<object, object>();

/** What JSON leaves out of an object: `undefined` and functions (symbols are not enumerated by for-in). */
const omitted = (value: unknown) => value === undefined || typeof value === "function";

/**
 * The answer with every object that has numeric keys (or the marker key) in the marked form. Never
 * changes its argument (answers may be cached objects): what holds an encoded object is copied, the
 * rest is returned as it is. Objects that are not plain (a Date) are left to JSON.stringify.
 */
export function encodeWire(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item = value[i];
      // Primitives are most of an answer: no call for them.
      if (typeof item !== "object" || item === null) continue;
      const encoded = encodeWire(item);
      if (encoded !== item) {
        out ??= value.slice();
        out[i] = encoded;
      }
    }
    return out ?? value;
  }
  if (!isPlainObject(value)) return value;
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  const first = keys[0];
  if (first === undefined) return value;
  if (startsWithDigit(first) || MARK in record) {
    const known = encodedOnce.get(record);
    if (known) return known;
    const flat: unknown[] = [];
    for (const key of keys) {
      const item = record[key];
      if (!omitted(item)) flat.push(key, encodeWire(item));
    }
    const encoded = { [MARK]: flat };
    encodedOnce.set(record, encoded);
    return encoded;
  }
  let out: Record<string, unknown> | undefined;
  for (const key of keys) {
    const item = record[key];
    if (typeof item !== "object" || item === null) continue;
    const encoded = encodeWire(item);
    if (encoded !== item) {
      out ??= { ...record };
      out[key] = encoded;
    }
  }
  return out ?? value;
}

/** The answer as the server meant it; changes `value` in place (it is freshly parsed JSON). */
export function decodeWire(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = decodeWire(value[i]);
    return value;
  }
  const record = value as Record<string, unknown>;
  const flat = record[MARK];
  if (Array.isArray(flat) && Object.keys(record).length === 1) {
    const out: Record<string, unknown> = {};
    for (let i = 0; i + 1 < flat.length; i += 2) {
      // As JSON.parse makes it: an own property, even when named __proto__.
      Object.defineProperty(out, String(flat[i]), {
        value: decodeWire(flat[i + 1]),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    return out;
  }
  for (const key in record) record[key] = decodeWire(record[key]);
  return value;
}

/** The tRPC transformer of both ends: answers encoded by the server, decoded by the client. */
export const wireTransformer = {
  input: { serialize: (value: unknown) => value, deserialize: (value: unknown) => value },
  output: { serialize: encodeWire, deserialize: decodeWire },
};

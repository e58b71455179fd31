import fc from "fast-check";
import { z } from "zod";
import { USER_ROLE_FILTERS, CHALLENGE_STATUS_FILTERS, SUPPORT_STATUSES } from "../../../shared/schemas/admin";
import { TIEBREAKERS, COURSE_MODES } from "../../../shared/schemas/challenges";
import { SUPPORT_TYPES } from "../../../shared/schemas/support";
import { PERIODS } from "../../../shared/domain/periods";
import { TINY_GIF, TINY_JPEG, TINY_PNG } from "./world";

// Generated and malformed input for the hostile-input suites. Values are built as a small JSON-ish
// tree so that a generated case can name things of the seeded world ({ $ref: "own.id" }), carry
// JSON text JSON.stringify cannot produce ({ $rawjson: "1e309" }), and keep duplicate or
// "__proto__" keys ({ $entries }); `encode` turns a tree into the exact text sent.

export type Value =
  | null
  | boolean
  | number
  | string
  | Value[]
  | { $ref: string }
  | { $rawjson: string }
  | { $entries: [string, Value | undefined][] };

/** What a case sends as its input / body. */
export type Input = { kind: "none" } | { kind: "json"; value: Value } | { kind: "raw"; text: string };

export const SQL_FRAGMENTS = [
  "' OR 1=1 --",
  "' OR '1'='1",
  "; drop table users",
  "'; DROP TABLE users; --",
  "1; select pg_sleep(5) --",
  "1 UNION SELECT password_hash FROM users --",
  '" OR ""="',
  "%' OR 1=1 --",
  "$$; drop table sessions; $$",
  "\\'; truncate challenges; --",
  "1' AND (select count(*) from users) > 0 --",
];

export const HTML_FRAGMENTS = [
  "<script>alert(1)</script>",
  '<img src=x onerror="alert(1)">',
  '"><svg onload=alert(1)>',
  "javascript:alert(document.cookie)",
  "<iframe src=//evil.example></iframe>",
  "{{constructor.constructor('alert(1)')()}}",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection probe, meant literally
  "${7*7}",
  "<!--",
  "]]>",
];

export const UNICODE_STRINGS = [
  "🏌️‍♀️⛳🐦🦅",
  "👨‍👩‍👧‍👦",
  "\u202Egnp.exe\u202C",
  "שלום עולם",
  "مرحبا",
  "\u0000",
  "a\u0000b",
  "\u0000' OR 1=1 --",
  "\uFEFF",
  "\u200B\u200B",
  "\uD800",
  "\uDFFF\uD800",
  "Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǫ̗͇͚",
  "ｓｅｌｅｃｔ",
  "𝕳𝖊𝖑𝖑𝖔",
  "\r\n\t\v\f",
  "\u0007\u001b[31m",
  "İı",
  "ß",
];

export const OTHER_STRINGS = [
  "",
  " ",
  "   \t  ",
  "null",
  "undefined",
  "true",
  "NaN",
  "Infinity",
  "-Infinity",
  "0",
  "-1",
  "1e309",
  "-1e309",
  "99999999999",
  "2147483648",
  "2147483647",
  "9007199254740993",
  "1.5",
  "0x10",
  "1e3",
  " 7 ",
  "+1",
  "١٢",
  "abc",
  "__proto__",
  "constructor",
  "../../../../etc/passwd",
  "..\\..\\windows\\win.ini",
  "%00",
  "%",
  "%zz",
  "\\",
  "signature:",
  "data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=",
  "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
  "2026-02-30",
  "0000-00-00",
  "9999-12-31T23:59:59.999Z",
  "1899-12-31",
  "-271821-04-20T00:00:00.000Z",
];

export const ALL_STRINGS = [...SQL_FRAGMENTS, ...HTML_FRAGMENTS, ...UNICODE_STRINGS, ...OTHER_STRINGS];

/** JSON number texts JSON.stringify never writes: they parse to Infinity, -0, 0 or a lossy float. */
export const RAW_NUMBERS = [
  "1e309",
  "-1e309",
  "123456789012345678901234567890",
  "-0",
  "1e-400",
  "0.0000000000000000000001",
  "2147483648",
  "-2147483649",
  "9007199254740993",
];

const NUMBERS = [
  0,
  -0,
  -1,
  1,
  1.5,
  -3.7,
  18,
  19,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31),
  2 ** 53,
  -(2 ** 53),
  1e21,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
  Number.EPSILON,
];

/** 1 KB to ~100 KB of one hostile character (huge strings). */
export const hugeString = fc
  .tuple(
    fc.constantFrom("a", "'", "<", "🏌", "\u0000", "\u202E", "é", " ", "9"),
    fc.integer({ min: 1_000, max: 100_000 }),
  )
  .map(([c, n]) => c.repeat(Math.ceil(n / c.length)));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...ALL_STRINGS) },
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "grapheme", maxLength: 20 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 20 }) },
  { weight: 1, arbitrary: hugeString },
);

export const hostileNumber: fc.Arbitrary<Value> = fc.oneof(
  fc.constantFrom(...NUMBERS),
  fc.integer(),
  fc.integer({ min: -20, max: 40 }),
  fc.double(),
  fc.constantFrom(...RAW_NUMBERS).map((n) => ({ $rawjson: n })),
);

export const hostileScalar: fc.Arbitrary<Value> = fc.oneof(
  { weight: 6, arbitrary: hostileString },
  { weight: 4, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
);

/** Keys a hostile object may carry beside the expected ones (mass assignment, prototype pollution). */
const EXTRA_KEYS = [
  "__proto__",
  "constructor",
  "prototype",
  "isAdmin",
  "disabled",
  "creatorId",
  "userId",
  "id",
  "passwordHash",
  "role",
  "",
  "toString",
];

const { value: hostileValueArb } = fc.letrec<{ value: Value; array: Value[]; object: Value }>((tie) => ({
  value: fc.oneof(
    { maxDepth: 3, depthSize: "small" },
    { weight: 6, arbitrary: hostileScalar },
    { weight: 1, arbitrary: tie("array") },
    { weight: 1, arbitrary: tie("object") },
  ),
  array: fc.array(tie("value"), { maxLength: 5 }),
  object: fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.string({ maxLength: 10 })), tie("value")), {
      maxLength: 4,
    })
    .map((entries) => ({ $entries: entries })),
}));

/** Any value at all: scalars, arrays and objects where scalars are expected, nested. */
export const hostileValue: fc.Arbitrary<Value> = hostileValueArb;

/** Bodies that are not JSON, or JSON of the wrong shape at the top level. */
export const malformedJson: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "{",
    "}",
    "[",
    '{"a":',
    '{"challengeId": 1,}',
    "{'challengeId': 1}",
    "nul",
    "undefined",
    "NaN",
    "{}garbage",
    "\uFEFF{}",
    "\u0000",
    '{"a":"\\u0000"}',
    '{"a":"\\ud800"}',
    '{"a": 1e309}',
    '{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"isAdmin": true}}}',
    '{"id": 1, "id": "abc", "id": -1}',
    "[".repeat(20_000) + "]".repeat(20_000),
    `${'{"a":'.repeat(5_000)}1${"}".repeat(5_000)}`,
    "1",
    '"text"',
    "true",
    "null",
    "[]",
    "<xml></xml>",
    "a=1&b=2",
    '--boundary\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--boundary--',
  ),
  fc.string({ maxLength: 30 }),
  fc.string({ unit: "binary", maxLength: 30 }),
);

// ---- Values that pass validation, naming the seeded world, so deep paths run ------------------

const ref = (...paths: string[]) => fc.constantFrom(...paths.map((p) => ({ $ref: p }) as Value));
const DAY = 86_400_000;
const dayOffset = (d: number) => new Date(Date.now() + d * DAY).toISOString().slice(0, 10);
const entries = (model: Record<string, fc.Arbitrary<Value>>) =>
  fc.record(model).map((o) => ({ $entries: Object.entries(o) }));
/** An optional field: usually left out (undefined leaves the key out). */
const maybe = (arb: fc.Arbitrary<Value>) => fc.option(arb, { nil: undefined, freq: 3 }) as fc.Arbitrary<Value>;
/** E-mail addresses zod's email() accepts (fast-check's RFC-complete ones are often refused). */
const email = fc
  .tuple(
    fc.stringMatching(/^[a-z0-9][a-z0-9._-]{0,15}$/),
    fc.stringMatching(/^[a-z0-9]{1,12}$/),
    fc.constantFrom("com", "org", "golf", "co.uk"),
  )
  .map(([a, b, c]) => `${a.replace(/[._-]+$/, "")}x@${b}.${c}`);

const challengeRef = ref("own.id", "other.id", "secret.id");
const courseRef = ref("own.courseId", "other.courseId", "secret.courseId");
const userRef = ref("member.id", "owner.id", "stranger.id", "admin.id");
const text = (min: number, max: number) => fc.string({ minLength: min, maxLength: max });
const dataUrl = (mime: string, bytes: Uint8Array) => `data:${mime};base64,${Buffer.from(bytes).toString("base64")}`;

const score = fc.constantFrom<Value>(3, 2, 1, -1, -2, -3, "3");
const holeNumber = fc.integer({ min: 1, max: 18 }) as fc.Arbitrary<Value>;
const verifiedBy = entries({
  name: text(1, 30),
  signature: fc.oneof(
    text(1, 30),
    text(1, 20).map((s) => `signature:${s}`),
  ),
});

/** A value a field of this name accepts (or nearly: the service may still refuse it). */
export const VALID: Record<string, fc.Arbitrary<Value>> = {
  id: ref("own.id", "other.id", "secret.id", "own.courseId", "birdie.member", "birdie.owner", "support.id"),
  challengeId: challengeRef,
  userId: userRef,
  courseId: fc.option(courseRef, { nil: undefined, freq: 6 }) as fc.Arbitrary<Value>,
  courseIds: maybe(fc.array(courseRef, { minLength: 1, maxLength: 3 })),
  code: ref("own.inviteCode", "other.inviteCode", "secret.inviteCode"),
  pin: ref("own.invitePin", "other.invitePin", "secret.invitePin"),
  cursor: maybe(fc.integer({ min: 1, max: 500 })),
  after: maybe(fc.integer({ min: 0, max: 500 })),
  limit: fc.integer({ min: 1, max: 100 }),
  holeNumber,
  score,
  date: fc.integer({ min: -12, max: 1 }).map(dayOffset),
  startDate: fc.integer({ min: -20, max: 5 }).map((d) => new Date(Date.now() + d * DAY).toISOString()),
  endDate: fc.integer({ min: 1, max: 60 }).map((d) => new Date(Date.now() + d * DAY).toISOString()),
  verifiedBy,
  holes: fc.array(entries({ holeNumber, score }), { minLength: 1, maxLength: 18 }),
  clientRoundId: maybe(fc.stringMatching(/^[A-Za-z0-9_-]{8,64}$/)),
  customCourseName: maybe(text(2, 40)),
  courseName: maybe(text(2, 40)),
  message: text(1, 200),
  name: text(4, 60),
  username: fc.oneof(fc.stringMatching(/^[A-Za-z0-9_]{3,30}$/), ref("member.username", "owner.username")),
  password: fc.oneof(text(6, 40), fc.constant("birdie123")),
  displayName: text(1, 50),
  email,
  homeCourseName: text(0, 100),
  handicap: fc.oneof(fc.double({ min: -10, max: 54, noNaN: true }), fc.constant(null)),
  isAdmin: fc.boolean(),
  disabled: fc.boolean(),
  allowMultipleBirdies: fc.boolean(),
  eagleBonus: fc.boolean(),
  courseMode: fc.constantFrom(...COURSE_MODES),
  tiebreaker: fc.constantFrom(...TIEBREAKERS),
  tiebreakerThreshold: fc.integer({ min: 1, max: 18 }),
  rules: text(0, 200),
  description: text(0, 200),
  q: text(0, 20),
  search: text(0, 20),
  role: fc.constantFrom(...USER_ROLE_FILTERS),
  status: fc.constantFrom(...CHALLENGE_STATUS_FILTERS, ...SUPPORT_STATUSES),
  type: fc.constantFrom("all", ...SUPPORT_TYPES),
  page: fc.integer({ min: 1, max: 5 }),
  pageSize: fc.integer({ min: 1, max: 100 }),
  offset: fc.integer({ min: 0, max: 100 }),
  period: fc.constantFrom(...PERIODS),
  p: fc.constantFrom(...PERIODS),
  profilePicture: fc.constantFrom<Value>(
    dataUrl("image/png", TINY_PNG),
    dataUrl("image/jpeg", TINY_JPEG),
    dataUrl("image/gif", TINY_GIF),
    dataUrl("image/png", TINY_PNG.subarray(0, 40)),
    dataUrl("image/svg+xml", new TextEncoder().encode("<svg onload=alert(1)></svg>")),
  ),
  subject: text(1, 100),
};

/** Plausible values that differ by target, keyed by procedure path or "METHOD /api/path". */
export type Plausible = Record<string, fc.Arbitrary<Value>>;

/**
 * Deleting the account with the personas' own password would delete the golfer the rest of the
 * suite acts as (the world cannot bring a deleted account back): there the password is always
 * wrong, which still runs the whole check behind validation. The success path has its own tests
 * (features/account/account.test.ts).
 */
const WRONG_PASSWORD: Plausible = { password: text(6, 40).filter((p) => p !== "birdie123") };
export const PLAUSIBLE_FOR: Record<string, Plausible> = {
  "account.delete": WRONG_PASSWORD,
  "DELETE /api/users/me": WRONG_PASSWORD,
};

const validFor = (key: string, plausible: Plausible = {}) => plausible[key] ?? VALID[key] ?? text(0, 30);

/** One field: usually a plausible value, often a hostile one. */
export const fieldValue = (key: string, plausible: Plausible = {}): fc.Arbitrary<Value> =>
  fc.oneof({ weight: 3, arbitrary: validFor(key, plausible) }, { weight: 2, arbitrary: hostileValue });

const extraEntries = fc.oneof(
  { weight: 5, arbitrary: fc.constant([] as [string, Value][]) },
  {
    weight: 1,
    arbitrary: fc.array(fc.tuple(fc.constantFrom(...EXTRA_KEYS), hostileValue), { minLength: 1, maxLength: 2 }),
  },
);

const entriesOf = (fields: Record<string, Value | undefined>, extra: [string, Value][]): Value => ({
  $entries: [...Object.entries(fields), ...extra],
});

/**
 * An object with the expected keys: all plausible (so deep paths run), all plausible but one
 * (that one hostile or missing, so each field's check is reached), or each key present or
 * missing, plausible or hostile; any of them with extra keys now and then.
 */
export const objectOf = (keys: readonly string[], plausibleFor: Plausible = {}): fc.Arbitrary<Value> => {
  if (!keys.length) return extraEntries.map((extra) => entriesOf({}, extra));
  const plausible = fc.record(
    Object.fromEntries(keys.map((k) => [k, validFor(k, plausibleFor)])) as Record<string, fc.Arbitrary<Value>>,
  );
  const oneOff = fc
    .tuple(plausible, fc.constantFrom(...keys), fc.option(hostileValue, { nil: undefined, freq: 4 }), extraEntries)
    .map(([fields, key, bad, extra]) => {
      const copy: Record<string, Value | undefined> = { ...fields };
      if (bad === undefined) delete copy[key];
      else copy[key] = bad;
      return entriesOf(copy, extra);
    });
  const mixed = fc
    .tuple(
      fc.record(
        Object.fromEntries(keys.map((k) => [k, fieldValue(k, plausibleFor)])) as Record<string, fc.Arbitrary<Value>>,
        {
          requiredKeys: [],
        },
      ),
      extraEntries,
    )
    .map(([fields, extra]) => entriesOf(fields, extra));
  return fc.oneof(
    { weight: 2, arbitrary: fc.tuple(plausible, extraEntries).map(([fields, extra]) => entriesOf(fields, extra)) },
    { weight: 3, arbitrary: oneOff },
    { weight: 3, arbitrary: mixed },
  );
};

/** A whole input: the expected object mutated, any value at all, malformed JSON, or nothing. */
export const inputFor = (keys: readonly string[], plausible: Plausible = {}): fc.Arbitrary<Input> =>
  fc.oneof(
    {
      weight: keys.length ? 7 : 2,
      arbitrary: objectOf(keys, plausible).map((value): Input => ({ kind: "json", value })),
    },
    { weight: 2, arbitrary: hostileValue.map((value): Input => ({ kind: "json", value })) },
    { weight: 1, arbitrary: malformedJson.map((text): Input => ({ kind: "raw", text })) },
    { weight: 1, arbitrary: fc.constant<Input>({ kind: "none" }) },
  );

/** Path ids as sent in the URL: unencoded on purpose (percent signs, dots, huge and odd numbers). */
export const RAW_PATH_IDS = [
  "0",
  "-1",
  "1e309",
  "99999999999",
  "abc",
  "1.5",
  "2147483648",
  "00000000001",
  "1%20",
  "%00",
  "%zz",
  "%",
  "%2e%2e",
  "%2F",
  "..",
  "0x1F",
  "%EF%BC%91",
  "NaN",
  "Infinity",
  "-0",
  "null",
  "1;drop%20table%20users",
  "'%20OR%201=1%20--",
  "%3Cscript%3Ealert(1)%3C%2Fscript%3E",
  "%F0%9F%8F%8C",
  "%D8%00",
  "9".repeat(400),
  "a".repeat(5_000),
];

export type ParamKind = "challenge" | "user" | "course" | "birdie" | "code" | "pin" | "token" | "flag";
const PARAM_REFS: Record<ParamKind, string[]> = {
  challenge: ["own.id", "other.id", "secret.id"],
  user: ["member.id", "owner.id", "stranger.id", "admin.id"],
  course: ["own.courseId", "other.courseId", "secret.courseId"],
  birdie: ["birdie.member", "birdie.owner", "birdie.secret"],
  code: ["own.inviteCode", "other.inviteCode", "secret.inviteCode"],
  pin: ["own.invitePin", "other.invitePin", "secret.invitePin"],
  // A mailed link's token names nothing the world knows; an invite code is some other string.
  token: ["own.inviteCode", "other.inviteCode"],
  flag: ["flag.id"],
};

/** A path parameter: `{ raw }` goes into the URL as is, `{ value }` is percent-encoded first. */
export type PathValue = { raw: string } | { value: Value };
export const pathParam = (kind: ParamKind): fc.Arbitrary<PathValue> =>
  fc.oneof(
    { weight: 3, arbitrary: ref(...PARAM_REFS[kind]).map((value): PathValue => ({ value })) },
    { weight: 3, arbitrary: fc.constantFrom(...RAW_PATH_IDS).map((raw): PathValue => ({ raw })) },
    {
      weight: 2,
      arbitrary: hostileString.filter((s) => s.length > 0 && s.length < 20_000).map((s): PathValue => ({ value: s })),
    },
    { weight: 1, arbitrary: fc.integer().map((n): PathValue => ({ raw: String(n) })) },
  );

/** A query string parameter value (already a string: query strings have no types). */
export const queryValue = (key: string): fc.Arbitrary<Value> =>
  fc.oneof(
    { weight: 3, arbitrary: validFor(key) },
    { weight: 2, arbitrary: hostileString.filter((s) => s.length < 20_000) },
  );

// ---- Encoding ----------------------------------------------------------------------------------

export type Resolver = (path: string) => unknown;

/** The value with every { $ref } replaced by the world's current value (for messages and JSON). */
export function serialise(v: Value, resolve: Resolver): string {
  if (v === null || typeof v !== "object") return JSON.stringify(v) ?? "null";
  if (Array.isArray(v)) return `[${v.map((x) => serialise(x, resolve)).join(",")}]`;
  if ("$ref" in v) return JSON.stringify(resolve(v.$ref) ?? null);
  if ("$rawjson" in v) return v.$rawjson;
  // An undefined value leaves its key out, as JSON.stringify does.
  return `{${v.$entries
    .filter(([, x]) => x !== undefined)
    .map(([k, x]) => `${JSON.stringify(k)}:${serialise(x as Value, resolve)}`)
    .join(",")}}`;
}

/** A scalar as a URL/query string: refs resolved, JSON for non-strings. */
export function asText(v: Value, resolve: Resolver): string {
  if (typeof v === "string") return v;
  if (v !== null && typeof v === "object" && "$ref" in v) return String(resolve(v.$ref));
  if (v !== null && typeof v === "object" && "$rawjson" in v) return v.$rawjson;
  return serialise(v, resolve);
}

/** The text an input sends (undefined: no body / no ?input). */
export function encodeInput(input: Input, resolve: Resolver): string | undefined {
  if (input.kind === "none") return undefined;
  if (input.kind === "raw") return input.text;
  return serialise(input.value, resolve);
}

// ---- Zod introspection -------------------------------------------------------------------------

/** The object keys an input schema reads (through optional/default/pipe wrappers); [] for none. */
export function schemaKeys(schema: unknown): string[] {
  if (!schema || typeof schema !== "object") return [];
  if (schema instanceof z.ZodObject) return Object.keys(schema.shape);
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable || schema instanceof z.ZodDefault) {
    return schemaKeys((schema as z.ZodOptional).unwrap());
  }
  if (schema instanceof z.ZodPipe) return schemaKeys(schema.in);
  return [];
}

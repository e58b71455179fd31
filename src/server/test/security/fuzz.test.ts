import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { courses } from "../../db/schema/challenges";
import { users } from "../../db/schema/users";
import { createTestHarness, type TestHarness } from "../harness/harness";
import { appRouter } from "../../trpc/router";
import {
  answerProblems,
  describeCase,
  enc,
  headersFor,
  send,
  trpcRequest,
  type Answer,
  type Sent,
  type Transport,
} from "./http";
import {
  asText,
  encodeInput,
  hostileString,
  inputFor,
  PLAUSIBLE_FOR,
  pathParam,
  queryValue,
  schemaKeys,
  VALID,
  type Input,
  type PathValue,
  type Value,
} from "./hostile";
import { REST_ROUTES, registeredApiRoutes, routeKey, STATE_CHANGING, type RestRoute } from "./routes";
import { countRows, nextTransactionId, snapshotDiff, type TableSnapshot } from "./tables";
import { TINY_GIF, World, type PersonaName } from "./world";

// Hostile input, property-based (issue 9): every tRPC procedure and every REST route gets
// FUZZ_RUNS (default 1,000) generated cases of wrong types, huge strings, unicode, odd numbers,
// missing and extra fields, SQL and HTML fragments, malformed JSON and odd path ids, through the
// real HTTP layer (app.request: Hono, middleware, tRPC's fetch adapter and error formatter), as a
// signed-in member of seeded challenges (admin calls as an admin; a few cases as another golfer or
// signed out). Properties: the status is one we mean to send (never 500), an error is JSON with a
// message and no stack trace or SQL, a refused request changes no row of any table, and nothing
// outside the admin area makes anyone an admin.
//
// Cost: one harness for the file; each procedure/route starts from the pruned seeded world; a
// refused write is compared with the row snapshot taken after the last success (skipped when no
// transaction id was handed out since: then nothing can have been written); reads are checked
// once per run. A failure prints fast-check's seed: FUZZ_SEED=<seed> replays it.

const RUNS = Math.max(1, Math.floor(Number(process.env.FUZZ_RUNS ?? 1000)) || 1000);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const TEST_TIMEOUT = 600_000;

let h: TestHarness;
let world: World;
const started = performance.now();
/** Per procedure/route: how many cases got each status (printed at the end as evidence of depth). */
const stats = new Map<string, Map<number, number>>();

beforeAll(async () => {
  // Rate limits raised far enough that login/sign-up/PIN/support cases reach the service.
  // With a mail server configured, the mail routes run past "cannot send e-mail" (503) into their
  // real checks; nothing sends here (no job runner in app.request tests), so the address is unused.
  h = await createTestHarness({ env: { RATE_LIMIT_SCALE: "100000", SMTP_URL: "smtp://127.0.0.1:9" } });
  world = await World.create(h);
}, 120_000);
afterAll(() => h?.close());
// Each procedure/route starts from the seeded world, whatever earlier runs created.
beforeEach(() => world.prune(), 60_000);

function tally(target: string, status: number) {
  const m = stats.get(target) ?? new Map<number, number>();
  m.set(status, (m.get(status) ?? 0) + 1);
  stats.set(target, m);
}

const cookieOf = (who: PersonaName | null) => (who ? world.personas[who].cookie : null);

let cases = 0;
type RunState = { snap: TableSnapshot; mark: string; admins: number };

/**
 * Runs one case and checks it. `mutating` cases compare the tables with the snapshot taken after
 * the previous success; reads are checked once around the whole run (see fuzz()).
 */
async function runCase(
  state: RunState,
  target: string,
  transport: Transport,
  req: Sent,
  who: PersonaName | null,
  mutating: boolean,
  adminCall: boolean,
) {
  let answer: Answer;
  try {
    answer = await send(h.app, req);
  } catch (err) {
    throw new Error(
      `the request threw instead of answering: ${String(err)}\n  ${req.method} ${req.path.slice(0, 300)}`,
    );
  }
  tally(target, answer.status);
  // Huge generated strings churn memory faster than the collector's pace: nudge it now and then.
  if (++cases % 250 === 0) Bun.gc(false);
  const problems = answerProblems(answer, transport);
  if (problems.length) throw new Error(`${problems.join("; ")}\n  ${describeCase(req, answer, who ?? "signed out")}`);
  if (!mutating) return;
  if (answer.status >= 400) {
    // No transaction id handed out since the baseline: no row can have changed. Otherwise compare
    // every table's rows with the baseline.
    const mark = await nextTransactionId(h.db);
    if (mark !== state.mark) {
      const diff = snapshotDiff(state.snap, await countRows(h.db));
      if (diff.length)
        throw new Error(
          `a refused request changed the database: ${diff.join(", ")}\n  ${describeCase(req, answer, who ?? "signed out")}`,
        );
      state.mark = mark;
    }
  } else {
    // A success may change things: restore the world, then take the next baseline.
    const { admins, repaired } = await world.ensure();
    // Extra keys such as "isAdmin": true must never make anyone an admin outside the admin area.
    if (!adminCall && admins > state.admins) {
      throw new Error(
        `a request outside the admin area made someone an admin\n  ${describeCase(req, answer, who ?? "signed out")}`,
      );
    }
    state.snap = await countRows(h.db);
    state.mark = await nextTransactionId(h.db);
    state.admins = repaired ? await adminCount() : admins;
  }
}

const countRowsNow = () => countRows(h.db);
const adminCount = async () => (await h.db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true))).length;

async function fuzz<T>(arb: fc.Arbitrary<T>, mutating: boolean, run: (c: T, state: RunState) => Promise<void>) {
  const state: RunState = {
    snap: await countRows(h.db),
    mark: await nextTransactionId(h.db),
    admins: await adminCount(),
  };
  const before = state.snap;
  await fc.assert(
    fc.asyncProperty(arb, (c) => run(c, state)),
    { numRuns: RUNS, seed: SEED },
  );
  if (!mutating) {
    // Reads never write, whatever they are sent (checked once per run: cheaper than per case).
    expect(snapshotDiff(before, await countRows(h.db))).toEqual([]);
  }
}

const persona = (main: PersonaName) =>
  fc.oneof(
    { weight: 8, arbitrary: fc.constant<PersonaName | null>(main) },
    { weight: 1, arbitrary: fc.constant<PersonaName | null>(main === "admin" ? "member" : "stranger") },
    { weight: 1, arbitrary: fc.constant<PersonaName | null>(null) },
  );

describe("the change detectors", () => {
  test("countRows sees inserts, updates and deletes; the transaction mark moves on writes only", async () => {
    const snap0 = await countRows(h.db);
    const mark0 = await nextTransactionId(h.db);
    expect(Object.keys(snap0).length).toBeGreaterThanOrEqual(16);
    await h.db.select().from(users);
    expect(await nextTransactionId(h.db)).toBe(mark0);
    expect(snapshotDiff(snap0, await countRows(h.db))).toEqual([]);
    await h.db.update(users).set({ homeCourseName: "Changed" }).where(eq(users.id, world.stranger.id));
    const snap1 = await countRows(h.db);
    expect(snapshotDiff(snap0, snap1)).toEqual([expect.stringContaining("users: a row was inserted or updated")]);
    expect(await nextTransactionId(h.db)).not.toBe(mark0);
    const [course] = await h.db
      .insert(courses)
      .values({ name: `Detector ${Date.now()}` })
      .returning();
    const snap2 = await countRows(h.db);
    expect(snapshotDiff(snap1, snap2)).toEqual([`courses: ${snap1.courses.rows} -> ${snap1.courses.rows + 1} rows`]);
    await h.db.delete(courses).where(eq(courses.id, course.id));
    expect(snapshotDiff(snap2, await countRows(h.db))).toEqual([
      `courses: ${snap1.courses.rows + 1} -> ${snap1.courses.rows} rows`,
    ]);
  });
});

// ---- What earlier runs found (fixed; kept as plain regression cases) ---------------------------

describe("regressions found by the fuzzers", () => {
  const NUL = "Text cannot contain NUL characters";
  const rest = (method: string, path: string, body?: unknown) =>
    send(h.app, {
      method,
      path,
      headers: headersFor(world.member.cookie, { "Content-Type": "application/json" }),
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  test("U+0000 in any text is a 400, not a 500 from PostgreSQL (REST bodies, paths, queries; tRPC inputs)", async () => {
    const before = await countRows(h.db);
    for (const [method, path, body] of [
      ["PUT", "/api/users/me", { displayName: "\u0000' OR 1=1 --" }],
      ["POST", "/api/courses", { name: "ab\u0000c" }],
      ["POST", "/api/login", { username: "a\u0000b", password: "secret12" }],
      ["POST", "/api/support", { email: "a@b.co", subject: "x\u0000", message: "m" }],
      ["POST", `/api/challenges/${world.own.id}/chat`, { message: "hi\u0000" }],
      [
        "POST",
        "/api/register",
        { username: "nul_user", displayName: "N", email: "n@b.co", password: "secret12", homeCourseName: "\u0000" },
      ],
      ["GET", "/api/courses/search?q=a%00"],
      ["GET", "/api/challenge-preview/a%00b"],
    ] as [string, string, unknown][]) {
      const res = await rest(method, path, body);
      expect({ path, status: res.status, json: res.json }).toEqual({ path, status: 400, json: { message: NUL } });
    }
    for (const [path, type, input] of [
      ["profile.update", "mutation", { displayName: "\u0000" }],
      ["courses.search", "query", { q: "\u0000" }],
      ["invites.preview", "query", { code: "abc\u0000" }],
    ] as const) {
      const res = await send(h.app, trpcRequest(path, type, JSON.stringify(input), world.member.cookie));
      expect({ path, status: res.status, message: res.json?.error?.message }).toEqual({
        path,
        status: 400,
        message: NUL,
      });
    }
    expect(snapshotDiff(before, await countRows(h.db))).toEqual([]);
  });

  test("PUT /api/users/me with a picture and an invalid field stores neither", async () => {
    const before = await countRows(h.db);
    const gif = `data:image/gif;base64,${Buffer.from(TINY_GIF).toString("base64")}`;
    const res = await rest("PUT", "/api/users/me", { homeCourseName: -3e-323, profilePicture: gif });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message: "Home course name must be text" });
    expect(snapshotDiff(before, await countRows(h.db))).toEqual([]);
  });
});

// ---- tRPC --------------------------------------------------------------------------------------

type AnyProcedure = { _def: { type: "query" | "mutation" | "subscription"; inputs: unknown[] } };
const procedures = Object.entries(
  (appRouter as unknown as { _def: { procedures: Record<string, AnyProcedure> } })._def.procedures,
).sort(([a], [b]) => a.localeCompare(b));

describe("every tRPC procedure, through POST/GET /trpc", () => {
  for (const [path, procedure] of procedures) {
    const { type, inputs } = procedure._def;
    const keys = inputs.flatMap(schemaKeys);
    test(
      `${path} (${type}; ${keys.join(", ") || "no input keys"})`,
      async () => {
        const arb = fc.record({
          who: persona(path.startsWith("admin.") ? "admin" : "member"),
          input: inputFor(keys, PLAUSIBLE_FOR[path]),
          batch: fc.boolean(),
        });
        await fuzz(arb, type !== "query", async ({ who, input, batch }, state) => {
          const req = trpcRequest(path, type, encodeInput(input, world.resolve), cookieOf(who), batch);
          await runCase(state, `trpc ${path}`, "trpc", req, who, type !== "query", path.startsWith("admin."));
        });
      },
      TEST_TIMEOUT,
    );
  }
});

// ---- REST --------------------------------------------------------------------------------------

type RestCase = {
  who: PersonaName | null;
  params: Record<string, PathValue>;
  query: [string, Value][];
  body: Input;
  contentType: string | null;
  authorization: Value | null;
};

function restCase(route: RestRoute): fc.Arbitrary<RestCase> {
  const queryKeys = [...(route.query ?? []), ...(route.auth === "user" ? ["userId"] : [])];
  const queryEntry = queryKeys.length
    ? fc.constantFrom(...queryKeys).chain((k) => queryValue(k).map((v): [string, Value] => [k, v]))
    : hostileString.filter((s) => s.length < 1000).map((v): [string, Value] => ["x", v]);
  return fc.record({
    who: persona("member"),
    params: fc.record(
      Object.fromEntries(Object.entries(route.params ?? {}).map(([name, kind]) => [name, pathParam(kind)])),
    ) as fc.Arbitrary<Record<string, PathValue>>,
    query: fc.oneof(
      { weight: 3, arbitrary: fc.constant<[string, Value][]>([]) },
      { weight: 2, arbitrary: fc.array(queryEntry, { minLength: 1, maxLength: 3 }) },
    ),
    body: STATE_CHANGING.has(route.method)
      ? inputFor(route.body ?? [], PLAUSIBLE_FOR[routeKey(route)])
      : fc.constant<Input>({ kind: "none" }),
    contentType: fc.constantFrom<string | null>(
      "application/json",
      "application/json",
      "application/json",
      "text/plain",
      null,
      "application/x-www-form-urlencoded",
      "application/json; charset=utf-16",
    ),
    authorization: route.headers?.includes("authorization")
      ? fc.option(
          fc.oneof(
            VALID.userId,
            hostileString.filter((s) => s.length < 1000 && /^[\t\x20-\x7e]*$/.test(s)),
          ),
          { nil: null },
        )
      : fc.constant(null),
  });
}

function restRequest(route: RestRoute, c: RestCase, resolve: (p: string) => unknown): Sent {
  const path = route.path.replace(/:(\w+)/g, (_, name: string) => {
    const p = c.params[name];
    return "raw" in p ? p.raw : enc(asText(p.value, resolve));
  });
  const qs = new URLSearchParams(c.query.map(([k, v]) => [k, asText(v, resolve)])).toString();
  const extra: Record<string, string> = {};
  const body = encodeInput(c.body, resolve);
  if (body !== undefined && c.contentType) extra["Content-Type"] = c.contentType;
  if (c.authorization !== null) extra.Authorization = `Bearer ${asText(c.authorization, resolve)}`;
  return {
    method: route.method,
    path: qs ? `${path}?${qs}` : path,
    headers: headersFor(c.who ? world.personas[c.who].cookie : null, extra),
    body,
  };
}

describe("every REST route, through app.request", () => {
  test("the route table is exactly the set of /api routes the app registers", () => {
    expect(REST_ROUTES.map(routeKey).sort()).toEqual(registeredApiRoutes(h.app));
  });

  for (const route of REST_ROUTES) {
    const mutating = STATE_CHANGING.has(route.method);
    test(
      routeKey(route),
      async () => {
        await fuzz(restCase(route), mutating, async (c, state) => {
          await runCase(state, routeKey(route), "rest", restRequest(route, c, world.resolve), c.who, mutating, false);
        });
      },
      TEST_TIMEOUT,
    );
  }
});

describe("coverage and depth", () => {
  test(`every procedure and route got ${RUNS} cases, and the cases reached past validation`, async () => {
    const targets = [...procedures.map(([p]) => `trpc ${p}`), ...REST_ROUTES.map(routeKey)];
    const lines: string[] = [];
    let total = 0;
    for (const t of targets) {
      const m = stats.get(t);
      const count = m ? [...m.values()].reduce((a, b) => a + b, 0) : 0;
      total += count;
      // fast-check may run a case more than numRuns times only while shrinking a failure.
      expect(count).toBeGreaterThanOrEqual(RUNS);
      lines.push(
        `${t.padEnd(52)} ${[...(m ?? new Map()).entries()]
          .sort(([a], [b]) => a - b)
          .map(([s, n]) => `${s}:${n}`)
          .join(" ")}`,
      );
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const rows = Object.values(await countRowsNow()).reduce((a, t) => a + t.rows, 0);
    console.log(
      `\nhostile-input fuzz: ${rows} rows in the database at the end; ${procedures.length} procedures + ${REST_ROUTES.length} routes, ${RUNS} runs each, ${total} requests, ${world.repairs} world repairs, ${seconds} s\n${lines.join("\n")}`,
    );
    // Depth: across the whole suite a good share of cases must have got past validation (2xx/403/404/409).
    let deep = 0;
    for (const m of stats.values())
      for (const [s, n] of m) if (s < 300 || s === 403 || s === 404 || s === 409) deep += n;
    expect(deep / total).toBeGreaterThan(0.2);
  });
});

import { createApp } from "../../app";
import { type Database, type Db, openDatabase } from "../../db/client";
import { migrateDatabase } from "../../db/migrate";
import type { UserRow } from "../../db/schema/users";
import { parseEnv, type Env } from "../../env";
import { createLimits } from "../../lib/limits";
import type { ServiceContext, SignedInContext } from "../../context";
import type { AppDeps } from "../../deps";
import type { Context } from "../../trpc/context";
import { createCaller } from "../../trpc/router";

// Integration tests run against a real database: PGlite by default (a migrated data directory is
// built once per test process and each test file boots its own copy), or a fresh database on the
// PostgreSQL server named by TEST_DATABASE_URL.

const globalCache = globalThis as unknown as { __birdieTemplate?: Promise<Blob> };

async function pgliteTemplate(): Promise<Blob> {
  globalCache.__birdieTemplate ??= (async () => {
    const db = await openDatabase({});
    await migrateDatabase(db);
    const dump = await db.dump!();
    await db.close();
    return dump;
  })();
  return globalCache.__birdieTemplate;
}

/** The URL each PostgreSQL test database was opened with, so a second instance can open it too. */
const urls = new WeakMap<Database, string>();

/**
 * A second handle on the same database, as a second server process would have: its own
 * connections on PostgreSQL. PGlite serves one process, so there the "peer" shares the handle
 * (and closing it leaves the original open).
 */
export async function openPeerDatabase(database: Database): Promise<Database> {
  const url = urls.get(database);
  if (!url) return { ...database, close: async () => {} };
  return openDatabase({ url, max: 5 });
}

/** The URL of a PostgreSQL test database (for child processes), or undefined on PGlite. */
export const testDatabaseUrl = (database: Database) => urls.get(database);

export async function createTestDatabase(): Promise<Database> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ loadDataDir: await pgliteTemplate() });

  const { default: postgres } = await import("postgres");
  const name = `birdie_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), max: 5 });
  urls.set(database, url.toString());
  await migrateDatabase(database);
  const close = database.close;
  database.close = async () => {
    await close();
    const cleanup = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await cleanup.unsafe(`drop database if exists "${name}" with (force)`).catch(() => {});
    await cleanup.end();
  };
  return database;
}

export function testEnv(overrides: Record<string, string> = {}): Env {
  // Limits are raised so suites can sign up many users; the rate-limit tests set 1.
  return parseEnv({ NODE_ENV: "test", STATIC_DIR: "./dist/client", RATE_LIMIT_SCALE: "100", ...overrides });
}

export type TestHarness = Awaited<ReturnType<typeof createTestHarness>>;

export async function createTestHarness(opts: { env?: Record<string, string>; database?: Database } = {}) {
  const database = opts.database ?? (await createTestDatabase());
  const env = testEnv(opts.env);
  const deps: AppDeps = { database, env, limits: createLimits(database.db, env.RATE_LIMIT_SCALE) };
  const app = createApp(deps);

  /** A tRPC caller acting as `user` (or signed out), exactly as the HTTP transport would build it. */
  const caller = (user: UserRow | null = null, opts: { ip?: string; cookies?: string[] } = {}) => {
    const cookies = opts.cookies ?? [];
    const ip = opts.ip ?? "127.0.0.1";
    const ctx: Context = {
      db: database.db,
      deps,
      user,
      session: user
        ? { id: `test-${user.id}`, userId: user.id, expiresAt: new Date(Date.now() + 3600_000), createdAt: new Date() }
        : null,
      meta: { ip, secure: false },
      setCookie: (c) => cookies.push(c),
    };
    return createCaller(ctx);
  };

  /**
   * The context a service gets for a call by `user` (ADR 0022), for tests that call services
   * directly: `createChallenge(h.as(golfer), input)`. `db` may be a transaction, `clock` a fixed time.
   */
  const as = (user: UserRow, opts: { db?: Db; clock?: () => Date; ip?: string } = {}): SignedInContext => ({
    db: opts.db ?? database.db,
    deps,
    user,
    session: {
      id: `test-${user.id}`,
      userId: user.id,
      expiresAt: new Date(Date.now() + 3600_000),
      createdAt: new Date(),
    },
    meta: { ip: opts.ip ?? "127.0.0.1", secure: false },
    clock: opts.clock,
  });

  /** The context of a signed-out call (sign-up, sign-in, previews). */
  const anonymous = (opts: { db?: Db; ip?: string } = {}): ServiceContext => ({
    db: opts.db ?? database.db,
    deps,
    user: null,
    session: null,
    meta: { ip: opts.ip ?? "127.0.0.1", secure: false },
  });

  return { database, db: database.db, env, deps, app, caller, as, anonymous, close: () => database.close() };
}

export const ORIGIN = "http://localhost";

/** A browser-like REST client against app.request(): keeps cookies, sends our Origin. */
export class RestClient {
  cookies = new Map<string, string>();
  constructor(
    private app: { request: (input: string, init?: RequestInit) => Response | Promise<Response> },
    public origin: string | null = ORIGIN,
  ) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const h: Record<string, string> = { ...headers };
    if (this.origin && !("Origin" in h)) h.Origin = this.origin;
    if (this.cookies.size) h.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    if (body !== undefined) h["Content-Type"] = "application/json";
    const res = await this.app.request(`http://localhost${path}`, {
      method,
      headers: h,
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair.indexOf("=");
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (!value || /Max-Age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let json: any;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, text, json };
  }
  get = (path: string, headers?: Record<string, string>) => this.request("GET", path, undefined, headers);
  post = (path: string, body?: unknown, headers?: Record<string, string>) =>
    this.request("POST", path, body ?? {}, headers);
  put = (path: string, body?: unknown, headers?: Record<string, string>) =>
    this.request("PUT", path, body ?? {}, headers);
  patch = (path: string, body?: unknown, headers?: Record<string, string>) =>
    this.request("PATCH", path, body ?? {}, headers);
  delete = (path: string, headers?: Record<string, string>) => this.request("DELETE", path, undefined, headers);
}

let seq = 0;
/** Registers a user through the REST route and returns a signed-in client plus the user row. */
export async function signUp(
  h: TestHarness,
  overrides: Partial<{ username: string; displayName: string; email: string; password: string }> = {},
) {
  seq += 1;
  const tag = `${Date.now().toString(36)}${seq}`;
  const input = {
    username: overrides.username ?? `golfer_${tag}`,
    displayName: overrides.displayName ?? `Golfer ${tag}`,
    email: overrides.email ?? `golfer_${tag}@example.com`,
    password: overrides.password ?? "birdie123",
  };
  const client = new RestClient(h.app);
  const res = await client.post("/api/register", input);
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${res.text}`);
  const { users } = await import("../../db/schema/users");
  const { eq } = await import("drizzle-orm");
  const [row] = await h.db.select().from(users).where(eq(users.id, res.json.id));
  return { client, user: row, input };
}

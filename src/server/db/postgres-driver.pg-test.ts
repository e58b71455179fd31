import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import net from "node:net";
import { sql as drizzleSql } from "drizzle-orm";
import postgres from "postgres";
import { createTestDatabase } from "../test/harness/harness";
import type { Database } from "./client";
import { rows } from "./raw";

// postgres.js 3.4.9 when PostgreSQL drops a connection (pg_terminate_backend, a restart): the
// failures our patch (patches/postgres@3.4.9.patch, ADR 0012) repairs, each driven against a real
// server on a database of its own. Unpatched, each test here fails:
//   - a transaction's own ROLLBACK written to the closed socket: an uncaught TypeError in a timer
//     (porsager/postgres#1066, #1154, #1208), the process exit of issue 13 row 1;
//   - a statement of that dead transaction run on the pool's next connection, outside any
//     transaction (so a failed transaction's write stayed);
//   - the old connection's 57P01 replayed onto the next connection's first query (#1223), and
//     end() waiting forever for an answer that died with the socket;
//   - a socket closed while a write was buffered poisoning its pool slot: every reconnect after
//     it timed out (CONNECT_TIMEOUT), the minutes of 503s of issue 13 row 2.
// PostgreSQL only (*.pg-test.ts): .ci/run's PostgreSQL pass runs it by name.

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error("postgres-driver.pg-test.ts needs TEST_DATABASE_URL (a PostgreSQL server)");

let url: string;
let admin: postgres.Sql;
let scratch: Database;

/** Errors that escaped every handler while a test ran (the process-killers). */
const escaped: unknown[] = [];
const collect = (err: unknown) => escaped.push(err);

beforeAll(async () => {
  scratch = await createTestDatabase();
  const [{ name }] = await rows<{ name: string }>(scratch.db, drizzleSql`select current_database() as name`);
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  url = u.toString();
  admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  process.on("uncaughtException", collect);
  process.on("unhandledRejection", collect);
});

afterAll(async () => {
  process.off("uncaughtException", collect);
  process.off("unhandledRejection", collect);
  await admin?.end({ timeout: 5 });
  await scratch?.close();
});

const terminate = (pid: number) => admin`select pg_terminate_backend(${pid})`;
const codeOf = (err: unknown) => (err as { code?: string }).code;
const firstRow = async (query: PromiseLike<readonly object[]>) => ({ ...(await query)[0] });

describe("postgres.js when PostgreSQL drops a connection (patched 3.4.9)", () => {
  test("a transaction whose connection dies rejects; its own ROLLBACK escapes nowhere; the pool answers", async () => {
    escaped.length = 0;
    const sql = postgres(url, { max: 2, onnotice: () => {} });
    try {
      let pid = 0;
      const tx = sql
        .begin(async (t) => {
          [{ pid }] = await t<{ pid: number }[]>`select pg_backend_pid() as pid`;
          await t`select pg_sleep(2)`;
        })
        .then(() => "committed", codeOf);
      while (!pid) await Bun.sleep(10);
      await terminate(pid);
      expect(await tx).toBe("CONNECTION_CLOSED");
      await Bun.sleep(100); // the timer that used to throw has run
      expect(escaped).toEqual([]);
      expect(await firstRow(sql`select 1 as one`)).toEqual({ one: 1 });
    } finally {
      await sql.end({ timeout: 1 });
    }
  });

  test("a dead transaction's later statement is refused, never run on the next connection", async () => {
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await sql`create table if not exists stale_tx_probe (x int)`;
      let pid = 0;
      let later: string | undefined;
      const tx = sql
        .begin(async (t) => {
          [{ pid }] = await t<{ pid: number }[]>`select pg_backend_pid() as pid`;
          await t`select pg_sleep(2)`.catch(() => {});
          // By now the pool has reconnected this connection for the query below.
          await Bun.sleep(300);
          later = await t`insert into stale_tx_probe values (1)`.then(() => "ran", codeOf);
        })
        .then(() => "committed", codeOf);
      while (!pid) await Bun.sleep(10);
      await terminate(pid);
      await Bun.sleep(50);
      expect(await firstRow(sql`select 1 as one`)).toEqual({ one: 1 });
      expect(await tx).toBe("CONNECTION_CLOSED");
      await Bun.sleep(500);
      expect(later).toBe("CONNECTION_CLOSED");
      expect(await firstRow(sql`select count(*)::int as n from stale_tx_probe`)).toEqual({ n: 0 });
    } finally {
      await sql.end({ timeout: 1 });
    }
  });

  test("a query killed in flight: the next connection's first query is not failed with the old 57P01; end() completes", async () => {
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    const [{ pid }] = await sql<{ pid: number }[]>`select pg_backend_pid() as pid`;
    const inFlight = sql`select pg_sleep(2)`.then(() => "answered", codeOf);
    await Bun.sleep(100);
    await terminate(pid);
    expect(await inFlight).toBe("CONNECTION_CLOSED");
    expect(await firstRow(sql`select 1 as one`).catch(codeOf)).toEqual({ one: 1 });
    const ended = await Promise.race([sql.end().then(() => "ended"), Bun.sleep(3_000).then(() => "still waiting")]);
    expect(ended).toBe("ended");
  });

  test("a socket closed while a write was buffered does not poison its pool slot", async () => {
    const { hostname, port } = new URL(url);
    const sockets: net.Socket[] = [];
    const sql = postgres(url, {
      max: 1,
      connect_timeout: 2,
      onnotice: () => {},
      // postgres.js dials through this (a documented option its types leave out): the test holds
      // the socket, so it can close it while the driver's next write still waits in its buffer.
      ...({
        socket: () => {
          const s = net.connect(Number(port || 5432), hostname);
          sockets.push(s);
          return s;
        },
      } as object),
    });
    try {
      await sql`select 1`;
      const doomed = sql`select 2`.then(() => "answered", codeOf);
      sockets[0].destroy();
      expect(await doomed).toBe("CONNECTION_CLOSED");
      // Unpatched, the new socket never gets the startup message: CONNECT_TIMEOUT, every time.
      expect(await firstRow(sql`select 3 as three`).catch(codeOf)).toEqual({ three: 3 });
      expect(sockets.length).toBe(2);
    } finally {
      await sql.end({ timeout: 1 });
    }
  });
});

// The patch also keeps prepared statements by query text, then by parameter types (they were keyed
// by one new string per execution joining the two, hashed in full each time: session 33). What a
// wrong lookup would break: a query prepared again on every call, two parameter types sharing
// one statement, or a statement PostgreSQL refuses after a schema change never being replaced.
describe("postgres.js finds its prepared statements by text and types (patched 3.4.9)", () => {
  const preparedCount = async (sql: postgres.Sql, like: string) => {
    const [row] = await sql.unsafe("select count(*)::int as n from pg_prepared_statements where statement like $1", [
      like,
    ]);
    return row.n as number;
  };

  /** `work` on a pool of one connection, so every statement it prepares is in one session. */
  const onOneConnection = async (work: (sql: postgres.Sql) => Promise<void>) => {
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await work(sql);
    } finally {
      await sql.end({ timeout: 1 });
    }
  };

  test("a query run again uses its one prepared statement", () =>
    onOneConnection(async (sql) => {
      const text = "select $1::int + 1 as next /* once */";
      for (let i = 0; i < 5; i++)
        expect(await firstRow(sql.unsafe(text, [i], { prepare: true }))).toEqual({ next: i + 1 });
      expect(await preparedCount(sql, "%/* once */%")).toBe(1);
    }));

  test("one text with other parameter types is a statement of its own", () =>
    onOneConnection(async (sql) => {
      const text = "select pg_typeof($1)::text as type /* typed */";
      const typeOf = async (value: unknown) =>
        (await firstRow(sql.unsafe(text, [value as string], { prepare: true }))) as { type: string };
      // The driver names a Date's type (timestamptz, 1184) and a boolean's (16) in the statement.
      expect(await typeOf(new Date(0))).toEqual({ type: "timestamp with time zone" });
      expect(await typeOf(true)).toEqual({ type: "boolean" });
      expect(await typeOf(new Date(1))).toEqual({ type: "timestamp with time zone" });
      expect(await typeOf(false)).toEqual({ type: "boolean" });
      expect(await preparedCount(sql, "%/* typed */%")).toBe(2);
    }));

  test("a statement PostgreSQL refuses after a schema change is prepared again", () =>
    onOneConnection(async (sql) => {
      await sql.unsafe("create table driver_replan (a int)");
      try {
        await sql.unsafe("insert into driver_replan values (1)");
        // With a parameter (a query without one goes as a simple query, never prepared).
        const text = "select * from driver_replan where a = $1 /* replan */";
        const run = () => firstRow(sql.unsafe(text, [1], { prepare: true }));
        expect(await run()).toEqual({ a: 1 });
        await sql.unsafe("alter table driver_replan add column b int default 2");
        // "cached plan must not change result type": the driver forgets the statement and retries.
        expect(await run()).toEqual({ a: 1, b: 2 });
        expect(await run()).toEqual({ a: 1, b: 2 });
        // The refused statement stays in the session (the driver deallocates nothing); the new one
        // serves every later run.
        expect(await preparedCount(sql, "%/* replan */%")).toBe(2);
      } finally {
        await sql.unsafe("drop table if exists driver_replan");
      }
    }));
});

import { existsSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import type { PGlite as PGliteClient } from "@electric-sql/pglite";
import type { Sql } from "postgres";
import { type PoolUsage, usageTrackingClient } from "./pool-usage";
import { preparingClient } from "./prepare-all";
import { lockDataDir } from "./data-dir-lock";
import { type Listening, listenWithReconnect, type NotifyHandler } from "./pg-listener";
/**
 * A drizzle handle: the database itself or a transaction; services accept either. Made without
 * the schema: nothing uses drizzle's relational queries (`db.query.*`), and with a schema every
 * transaction built a query builder for each of our tables (3% of a recording's server CPU,
 * session 33).
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type DbKind = "postgres" | "pglite";

export type Database = {
  db: Db;
  kind: DbKind;
  /**
   * A real round trip; throws when the database is unreachable or does not answer within
   * `timeoutMs`. On PostgreSQL it uses its own connection, so a busy pool does not read as an
   * outage and a stalled pool does not hide one.
   */
  ping(timeoutMs?: number): Promise<void>;
  /**
   * A round trip through the pool the requests use (waits for a free connection like they do);
   * throws when it fails or takes longer than `timeoutMs`. With ping(), tells "the database is
   * gone" from "the database answers but our pool does not" (ADR 0014).
   */
  pingPool(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
  /**
   * LISTEN on `channels` until the returned function is called. `onListen` runs after every
   * (re)subscription: notifications sent while nobody listened are lost, so callers resync then.
   * PGlite delivers NOTIFY in-process, with the same only-on-commit rule as PostgreSQL.
   */
  listen(channels: string[], onNotify: NotifyHandler, onListen: () => void): Promise<Listening>;
  /** A tarball of the whole data directory (PGlite only): tests boot copies and db:backup writes one. */
  dump?(compression?: "none" | "gzip"): Promise<Blob>;
  /**
   * PostgreSQL only: runs `work` on a connection of its own, outside the pool, closed afterwards.
   * Session-level state (an advisory lock) then stays on the connection that took it.
   */
  withOwnConnection?<T>(work: (db: Db) => Promise<T>): Promise<T>;
  /** PostgreSQL only: how busy the request pool is (metrics; see pool-usage.ts). */
  poolUsage?(): PoolUsage;
  /**
   * PostgreSQL only, when opened with `backgroundMax`: a small pool of its own for the job queue,
   * whose commits do not wait for the WAL flush (ADR 0049). Jobs then never hold a connection
   * the requests need, nor sit in a slow fsync while holding one.
   */
  backgroundDb?: Db;
  /**
   * PGlite only: this open created the data directory's cluster (initdb ran in this process).
   * Creating it leaves PGlite's WebAssembly heap at its peak (~1 GB) for the life of the instance;
   * the server closes and reopens such a database after migrating (ADR 0037).
   */
  created?: boolean;
};

export type OpenOptions = {
  url?: string;
  dataDir?: string;
  loadDataDir?: Blob;
  max?: number;
  /** PostgreSQL: connections of the background pool (`backgroundDb`); 0 or absent: none. */
  backgroundMax?: number;
};

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.url) return openPostgres(opts.url, opts.max, opts.backgroundMax);
  return openPglite(opts.dataDir, opts.loadDataDir);
}

/**
 * Two connections per core, at least 4. Measured on this 2-core machine at 1,000 req/s of the
 * mixed API: 10 connections gave p99 117 ms, 4 gave 43 ms, 20 gave 241 ms (bench/load.ts, ADR 0011).
 */
export function defaultPoolSize(cores = navigator.hardwareConcurrency || 2): number {
  return Math.max(4, 2 * cores);
}

async function openPostgres(url: string, max = defaultPoolSize(), backgroundMax = 0): Promise<Database> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const poolOptions = {
    // Fail fast when the server is gone so requests answer 503 instead of hanging.
    connect_timeout: 5,
    idle_timeout: 60,
    // Wait before re-dialling after failed connections: postgres.js's default grows 3^n / 100 s up
    // to 20 s, so after a few seconds of outage the pool kept requests waiting (and recovery
    // took) many seconds after the database was back. Capped at 0.5 s: a refused dial is cheap.
    backoff: (retries: number) => Math.min(0.05 * retries, 0.5),
    onnotice: () => {},
  };
  const client = postgres(url, { ...poolOptions, max });
  const tracked = usageTrackingClient(client, max);
  const db = drizzle(preparingClient(tracked.client)) as unknown as Db;
  // Background work commits asynchronously: a database crash can lose the last fraction of a
  // second of finished jobs, and WAL order means their "done" marks go with them, so they run
  // again (the queue is at-least-once already, ADR 0032). Requests keep synchronous commits.
  const background =
    backgroundMax > 0
      ? postgres(url, {
          ...poolOptions,
          max: backgroundMax,
          connection: { synchronous_commit: "off", application_name: "birdie-jobs" },
        })
      : undefined;
  const backgroundDb = background ? (drizzle(preparingClient(background)) as unknown as Db) : undefined;
  // The probe connection behind ping(): opened on first use, dropped after any failure so the
  // next ping dials afresh (a connection stuck on a dead peer would otherwise answer nothing).
  let probe: Sql | undefined;
  let closed = false;
  const dropProbe = () => {
    const old = probe;
    probe = undefined;
    void old?.end({ timeout: 0 }).catch(() => {});
  };
  return {
    db,
    kind: "postgres",
    listen: (channels, onNotify, onListen) => listenWithReconnect(url, channels, onNotify, onListen),
    poolUsage: tracked.usage,
    backgroundDb,
    withOwnConnection: async (work) => {
      const own = postgres(url, { max: 1, connect_timeout: 5, onnotice: () => {} });
      try {
        return await work(drizzle(own) as unknown as Db);
      } finally {
        await own.end({ timeout: 5 });
      }
    },
    ping: async (timeoutMs = 1000) => {
      if (closed) throw Object.assign(new Error("connection closed"), { code: "CONNECTION_ENDED" });
      probe ??= postgres(url, {
        max: 1,
        connect_timeout: Math.max(1, Math.ceil(timeoutMs / 1000)),
        idle_timeout: 30,
        fetch_types: false,
        onnotice: () => {},
      });
      const current = probe;
      try {
        await withDeadline(current`select 1`, timeoutMs);
      } catch (err) {
        if (probe === current) dropProbe();
        throw err;
      }
    },
    pingPool: async (timeoutMs = 1000) => {
      if (closed) throw Object.assign(new Error("connection closed"), { code: "CONNECTION_ENDED" });
      await withDeadline(client`select 1`, timeoutMs);
    },
    close: async () => {
      closed = true;
      dropProbe();
      await Promise.all([client.end({ timeout: 5 }), background?.end({ timeout: 5 })]);
    },
  };
}

/** shared_buffers of the embedded database (ADR 0037). */
export const EMBEDDED_SHARED_BUFFERS = "32MB";

async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  let dir: string | undefined;
  let unlock: (() => Promise<void>) | undefined;
  if (dataDir) {
    dir = resolve(dataDir);
    mkdirSync(dir, { recursive: true });
    // Before PGlite reads a byte: a second process must not open the files at all.
    unlock = await lockDataDir(dir);
  }
  // PG_VERSION is written by initdb: without it, this open creates the cluster.
  const created = !loadDataDir && (!dir || !existsSync(join(dir, "PG_VERSION")));
  let client: PGliteClient;
  try {
    client = await PGlite.create({
      dataDir: dir,
      loadDataDir,
      // PostgreSQL's default 128 MB of shared buffers lives inside the WebAssembly heap and stays
      // resident once touched: 32 MB halves the idle process (ADR 0037). The files still sit in
      // the operating system's page cache, so reads past the buffers cost a copy, not a disk read.
      startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${EMBEDDED_SHARED_BUFFERS}`],
    });
  } catch (err) {
    await unlock?.();
    throw err;
  }
  const db = drizzle(client) as unknown as Db;
  let closed = false;
  const ping = async (timeoutMs = 1000) => {
    if (closed) throw Object.assign(new Error("connection closed"), { code: "CONNECTION_CLOSED" });
    await withDeadline(db.execute(sql`select 1`), timeoutMs);
  };
  return {
    db,
    kind: "pglite",
    created,
    ping,
    // In-process: the database and the "pool" are one thing.
    pingPool: ping,
    listen: async (channels, onNotify, onListen) => {
      const stops: (() => Promise<void>)[] = [];
      for (const channel of channels) stops.push(await client.listen(channel, (payload) => onNotify(channel, payload)));
      onListen();
      let listening = true;
      return {
        up: () => listening && !closed,
        stop: async () => {
          listening = false;
          if (closed) return;
          for (const stop of stops) await stop();
        },
      };
    },
    dump: (compression = "none") => client.dumpDataDir(compression),
    close: async () => {
      if (closed) return;
      closed = true;
      try {
        await client.close();
      } finally {
        await unlock?.();
      }
    },
  };
}

/** `work`, or a DATABASE_TIMEOUT error once `timeoutMs` have passed (the work is left to finish). */
async function withDeadline(work: PromiseLike<unknown>, timeoutMs: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      work,
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(Object.assign(new Error("database ping timed out"), { code: "DATABASE_TIMEOUT" })),
          timeoutMs,
        );
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

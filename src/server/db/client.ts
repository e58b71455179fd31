import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { listenWithReconnect, type NotifyHandler } from "./pg-listener";
import * as schema from "./schema/index";

export type Schema = typeof schema;
/** A drizzle handle: the database itself or a transaction; services accept either. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DbKind = "postgres" | "pglite";

export type Database = {
  db: Db;
  kind: DbKind;
  /** A real round trip; throws when the database is unreachable. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /**
   * LISTEN on `channels` until the returned function is called. `onListen` runs after every
   * (re)subscription: notifications sent while nobody listened are lost, so callers resync then.
   * PGlite delivers NOTIFY in-process, with the same only-on-commit rule as PostgreSQL.
   */
  listen(channels: string[], onNotify: NotifyHandler, onListen: () => void): Promise<() => Promise<void>>;
  /** A tarball of the whole data directory (PGlite only): tests boot copies of a migrated one. */
  dump?(): Promise<Blob>;
};

export type OpenOptions = { url?: string; dataDir?: string; loadDataDir?: Blob; max?: number };

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.url) return openPostgres(opts.url, opts.max);
  return openPglite(opts.dataDir, opts.loadDataDir);
}

async function openPostgres(url: string, max = 10): Promise<Database> {
  const { default: postgres } = await import("postgres");
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const client = postgres(url, {
    max,
    // Fail fast when the server is gone so requests answer 503 instead of hanging.
    connect_timeout: 5,
    idle_timeout: 60,
    onnotice: () => {},
  });
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "postgres",
    listen: (channels, onNotify, onListen) => listenWithReconnect(url, channels, onNotify, onListen),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => client.end({ timeout: 5 }),
  };
}

async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Database> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  let dir: string | undefined;
  if (dataDir) {
    dir = resolve(dataDir);
    mkdirSync(dir, { recursive: true });
  }
  const client = await PGlite.create({ dataDir: dir, loadDataDir });
  const db = drizzle(client, { schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: "pglite",
    ping: async () => {
      if (closed) throw Object.assign(new Error("connection closed"), { code: "CONNECTION_CLOSED" });
      await db.execute(sql`select 1`);
    },
    listen: async (channels, onNotify, onListen) => {
      const stops: (() => Promise<void>)[] = [];
      for (const channel of channels) stops.push(await client.listen(channel, (payload) => onNotify(channel, payload)));
      onListen();
      return async () => {
        if (closed) return;
        for (const stop of stops) await stop();
      };
    },
    dump: () => client.dumpDataDir("none"),
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}

import { existsSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { sql } from "drizzle-orm";
import { type Database, openDatabase } from "../db/client";
import { DataDirLockedError } from "../db/data-dir-lock";
import { rows } from "../db/raw";
import { onlyRow } from "../lib/rows";

// Backups of the embedded database (PGlite), for `bun run db:backup` and `db:restore` (ADR 0025).
// PGlite lives inside the server process and its files are only consistent from there, so a
// backup needs the data directory to itself: while a server runs on it (db/data-dir-lock.ts) the
// backup refuses and says so. A restore only ever writes a new, empty data directory.

export class BackupRefused extends Error {
  override name = "BackupRefused";
}

const POSTGRES_HINT =
  "DATABASE_URL is set: this is a PostgreSQL deployment. Back it up with pg_dump (or continuous archiving for point-in-time recovery): see README, Operating it.";

/** A database cluster lives here (PostgreSQL's own marker file). */
const holdsDatabase = (dir: string) => existsSync(join(dir, "PG_VERSION"));

export type Contents = { golfers: number; challenges: number; records: number };

async function contents(database: Database): Promise<Contents> {
  const row = onlyRow(
    await rows<Contents>(
      database.db,
      sql`select (select count(*) from users)::int as golfers, (select count(*) from challenges)::int as challenges,
               (select count(*) from birdie_records)::int as records`,
    ),
  );
  return row;
}

export async function backupEmbedded(env: { DATABASE_URL?: string; DATA_DIR: string }, file: string) {
  if (env.DATABASE_URL) throw new BackupRefused(POSTGRES_HINT);
  const dir = resolve(env.DATA_DIR);
  const target = resolve(file);
  if (!holdsDatabase(dir)) throw new BackupRefused(`DATA_DIR ${dir} holds no database: nothing to back up.`);
  if (existsSync(target)) throw new BackupRefused(`${target} already exists: choose a new file name.`);
  let database: Database;
  try {
    database = await openDatabase({ dataDir: dir });
  } catch (err) {
    if (err instanceof DataDirLockedError) {
      throw new BackupRefused(
        `A Birdie Challenge server is running on DATA_DIR ${dir}. The embedded database can only be copied consistently while no server uses it: stop the server, run db:backup again, then start the server.`,
      );
    }
    throw err;
  }
  try {
    const counts = await contents(database);
    const tarball = await database.dump!("gzip");
    // Written beside the target and renamed: a crash never leaves a half backup under its name.
    const partial = `${target}.partial`;
    writeFileSync(partial, new Uint8Array(await tarball.arrayBuffer()));
    renameSync(partial, target);
    return { file: target, bytes: tarball.size, ...counts };
  } finally {
    await database.close();
  }
}

export async function restoreEmbedded(env: { DATABASE_URL?: string; DATA_DIR: string }, file: string) {
  if (env.DATABASE_URL)
    throw new BackupRefused(POSTGRES_HINT.replace("Back it up with pg_dump", "Restore it with pg_restore"));
  const dir = resolve(env.DATA_DIR);
  const source = resolve(file);
  if (!existsSync(source)) throw new BackupRefused(`${source} does not exist.`);
  if (existsSync(dir) && readdirSync(dir).length > 0) {
    throw new BackupRefused(
      `DATA_DIR ${dir} is not empty. A restore only writes a new data directory: set DATA_DIR to a new path (or move this one away), restore, then start the server on it.`,
    );
  }
  const tarball = new Blob([await Bun.file(source).arrayBuffer()]);
  let database: Database | undefined;
  try {
    database = await openDatabase({ dataDir: dir, loadDataDir: tarball });
    const counts = await contents(database);
    return { dir, ...counts };
  } catch (err) {
    // Nothing half-restored stays behind to be mistaken for a database.
    await database?.close().catch(() => {});
    database = undefined;
    rmSync(dir, { recursive: true, force: true });
    throw err instanceof BackupRefused
      ? err
      : new BackupRefused(`${source} is not a backup this app can restore: ${String(err)}`);
  } finally {
    await database?.close();
  }
}

import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { sql } from "drizzle-orm";
import type { Database, Db } from "./client";
import { rows } from "./raw";

export const MIGRATIONS_DIR = resolve(import.meta.dir, "../../../drizzle");

/** Our key in PostgreSQL's advisory-lock space: a fixed, arbitrary bigint only migrations take. */
export const MIGRATION_LOCK_KEY = 0x2b1f_6e0c_93a4_5d17n;

/**
 * Applies the committed SQL migrations in drizzle/ (idempotent; run at every start and by
 * `bun run db:migrate`). On PostgreSQL, several instances may start at once (compose --scale, a
 * rollout): each takes a session advisory lock on a connection of its own first, so one migrates
 * while the others wait, then find nothing left to do (issue 20). Drizzle's migrator reads "what is
 * applied" before its transaction, so without the lock two processes both ran every CREATE TABLE.
 * PGlite is one process per data directory (db/data-dir-lock.ts), so it needs no lock.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (database.kind === "pglite") {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(database.db as never, config);
    return;
  }
  const { migrate } = await import("drizzle-orm/postgres-js/migrator");
  const run = async (db: Db) => {
    await db.execute(sql`select pg_advisory_lock(${sql.raw(MIGRATION_LOCK_KEY.toString())})`);
    try {
      await migrate(db as never, config);
    } finally {
      await db.execute(sql`select pg_advisory_unlock(${sql.raw(MIGRATION_LOCK_KEY.toString())})`);
    }
  };
  if (database.withOwnConnection) await database.withOwnConnection(run);
  else await run(database.db);
}

/** The newest migration this release ships (drizzle's journal `when`, stored as created_at). */
export function latestShippedMigration(dir = MIGRATIONS_DIR): number {
  const journal = JSON.parse(readFileSync(join(dir, "meta", "_journal.json"), "utf8")) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((e) => e.when));
}

/**
 * Whether every migration this release ships is applied. A newer release may have applied more
 * (expand-then-contract keeps this one working then: ADR 0025).
 */
export async function migrationsApplied(db: Db, latest = latestShippedMigration()): Promise<boolean> {
  const [row] = await rows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!row?.present) return false;
  const [last] = await rows<{ applied: string | null }>(
    db,
    sql`select max(created_at)::text as applied from drizzle.__drizzle_migrations`,
  );
  return last?.applied != null && Number(last.applied) >= latest;
}

import { resolve } from "node:path";
import type { Database } from "./client";

export const MIGRATIONS_DIR = resolve(import.meta.dir, "../../../drizzle");

/** Applies the committed SQL migrations in drizzle/ (idempotent; run at every start). */
export async function migrateDatabase(database: Database): Promise<void> {
  const config = { migrationsFolder: MIGRATIONS_DIR };
  if (database.kind === "pglite") {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(database.db as never, config);
  } else {
    const { migrate } = await import("drizzle-orm/postgres-js/migrator");
    await migrate(database.db as never, config);
  }
}

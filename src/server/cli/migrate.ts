import { openDatabase } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { EnvError, parseEnv } from "../env";

// `bun run db:migrate`: applies the migrations of this release and exits, for a deployment step
// that runs before the new instances (deploy/compose.yaml's `migrate` service). Servers still
// migrate at start, under the same advisory lock, and then find nothing to do (ADR 0025).
try {
  const env = parseEnv(process.env);
  const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, max: 1 });
  try {
    await migrateDatabase(database);
    console.log(`Migrations applied (database: ${database.kind}).`);
  } finally {
    await database.close();
  }
} catch (err) {
  console.error(
    err instanceof EnvError ? err.message : `Migration failed: ${err instanceof Error ? err.message : err}`,
  );
  process.exitCode = 1;
}

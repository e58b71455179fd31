import { openDatabase } from "../db/client";
import { migrateDatabase } from "../db/migrate";
import { parseEnv } from "../env";
import { grantAdmin } from "../features/auth/admin-grants";

// `bun run admin:grant <username>`: the way to make the first admin (docs/product/rules.md#roles-and-permissions).
// With PGlite, stop the server first: one process per data directory.
const username = process.argv[2];
if (!username) {
  console.error("Usage: bun run admin:grant <username>");
  process.exit(2);
}
const env = parseEnv(process.env);
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
try {
  await migrateDatabase(database);
  const user = await grantAdmin(database.db, username);
  console.log(`${user.username} is now an admin.`);
} catch (err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exitCode = 1;
} finally {
  await database.close();
}

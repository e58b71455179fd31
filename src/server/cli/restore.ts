import { EnvError, parseEnv } from "../env";
import { BackupRefused, restoreEmbedded } from "./embedded-backup";

// `bun run db:restore <file>`: writes a backup into a new, empty DATA_DIR; then start the server on it.
const file = process.argv[2];
if (!file) {
  console.error("Usage: DATA_DIR=<new directory> bun run db:restore <file>");
  process.exit(2);
}
try {
  const result = await restoreEmbedded(parseEnv(process.env), file);
  console.log(
    `Restored ${result.golfers} golfers, ${result.challenges} challenges and ${result.records} records into ${result.dir}. Start the server with DATA_DIR=${result.dir}.`,
  );
} catch (err) {
  if (!(err instanceof BackupRefused || err instanceof EnvError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
}

import { EnvError, parseEnv } from "../env";
import { BackupRefused, backupEmbedded } from "./embedded-backup";

// `bun run db:backup <file>`: a gzipped copy of the embedded database (stop the server first).
const file = process.argv[2];
if (!file) {
  console.error("Usage: bun run db:backup <file>   (embedded database; the server must be stopped)");
  process.exit(2);
}
try {
  const result = await backupEmbedded(parseEnv(process.env), file);
  console.log(
    `Backed up ${result.golfers} golfers, ${result.challenges} challenges and ${result.records} records to ${result.file} (${result.bytes} bytes).`,
  );
} catch (err) {
  if (!(err instanceof BackupRefused || err instanceof EnvError)) throw err;
  console.error(err.message);
  process.exitCode = 1;
}

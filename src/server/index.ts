import { EnvError, type Env, parseEnv } from "./env";
import { installLastResortHandlers } from "./lib/last-resort";
import { logger } from "./lib/logger";
import { startServer } from "./server";

const SHUTDOWN_DEADLINE_MS = 10_000;

async function main() {
  let env: Env;
  try {
    env = parseEnv(process.env);
  } catch (err) {
    if (err instanceof EnvError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }

  // Before anything opens a connection: a driver error outside any request must not end the
  // process, and any other uncaught error must (ADR 0014).
  installLastResortHandlers();
  const server = await startServer(env);
  console.log(
    `Birdie Challenge is running at http://localhost:${server.port} (database: ${server.deps.database.kind})`,
  );

  let shuttingDown = false;
  const shutdown = async (signal: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info("shutting down", { signal });
    // Whatever happens, the process is gone within the deadline.
    setTimeout(() => {
      logger.error("shutdown deadline passed; exiting");
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    try {
      await server.stop();
      process.exit(0);
    } catch (err) {
      logger.error("shutdown failed", { error: String(err) });
      process.exit(1);
    }
  };
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));
}

main().catch((err) => {
  console.error("Failed to start:", err instanceof Error ? err.message : err);
  process.exit(1);
});

// Starts the production server for the e2e suite on a fresh, throw-away database, so every run
// begins empty and never touches ./data. Expects the client to be built already (`bun run build`).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../src/server/db/client";
import { migrateDatabase } from "../src/server/db/migrate";
import { createAccount } from "../src/server/features/auth/service";
import { AppError } from "../src/server/lib/errors";
import { registerSchema } from "../src/shared/schemas/auth";
import { E2E_ADMIN } from "./admin-account";
import { E2E_SMTP_PORT } from "./mail-catcher";

const dataDir = mkdtempSync(join(tmpdir(), "birdie-e2e-"));

await createAdminAccount();

const child = spawn("bun", ["src/server/index.ts"], {
  stdio: "inherit",
  env: {
    ...process.env,
    PORT: process.env.E2E_PORT ?? "3100",
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    // Each spec signs up fresh users from one address; production limits would trip mid-run.
    RATE_LIMIT_SCALE: process.env.RATE_LIMIT_SCALE ?? "100",
    // The account exists already (createAdminAccount), so the server makes it an admin at start.
    ADMIN_USERNAMES: E2E_ADMIN.username,
    // Ads still show only when a user turns ad-free mode off (the ads spec does).
    AD_AFFILIATE_URL: process.env.AD_AFFILIATE_URL ?? "https://partner.example/birdie",
    // Mail goes to the catcher that mail-reading specs start (e2e/mail-catcher.ts).
    SMTP_URL: process.env.SMTP_URL ?? `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
    MAIL_FROM: process.env.MAIL_FROM ?? "Birdie Challenge <no-reply@birdie.test>",
  },
});

let cleanedUp = false;
function cleanUp() {
  if (cleanedUp) return;
  cleanedUp = true;
  try {
    rmSync(dataDir, { recursive: true, force: true });
  } catch {
    // A leftover temp folder is harmless; the OS clears tmp eventually.
  }
}

for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) {
  process.on(signal, () => {
    if (child.exitCode === null) child.kill(signal);
    else process.exit(0);
  });
}

child.on("exit", (code, signal) => {
  cleanUp();
  process.exit(code ?? (signal ? 1 : 0));
});

/**
 * Creates the admin's account through the auth service in the fresh database, before the server
 * opens it (PGlite serves one process at a time). A PostgreSQL database reused between runs may
 * have it already.
 */
async function createAdminAccount() {
  const database = await openDatabase({ url: process.env.DATABASE_URL || undefined, dataDir });
  try {
    await migrateDatabase(database);
    await createAccount(database.db, registerSchema.parse(E2E_ADMIN));
  } catch (err) {
    if (!(err instanceof AppError && err.kind === "CONFLICT")) throw err;
  } finally {
    await database.close();
  }
}

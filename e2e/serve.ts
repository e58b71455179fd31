// Starts the production server for the e2e suite on a fresh, throw-away database, so every run
// begins empty and never touches ./data. Expects the client to be built already (`bun run build`).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const dataDir = mkdtempSync(join(tmpdir(), "birdie-e2e-"));

const child = spawn("bun", ["src/server/index.ts"], {
  stdio: "inherit",
  env: {
    ...process.env,
    PORT: process.env.E2E_PORT ?? "3100",
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    // Each spec signs up fresh users from one address; production limits would trip mid-run.
    RATE_LIMIT_SCALE: process.env.RATE_LIMIT_SCALE ?? "100",
    // The admin specs sign up this name and so become an admin (see e2e/fixtures.ts).
    ADMIN_USERNAMES: "e2e_admin",
    // Ads still show only when a user turns ad-free mode off (the ads spec does).
    AD_AFFILIATE_URL: process.env.AD_AFFILIATE_URL ?? "https://partner.example/birdie",
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

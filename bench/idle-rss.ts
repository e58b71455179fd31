// Idle memory of the production server (issue 19): what `bun run start` holds once it has started
// and nothing is asked of it, as the operating system counts it (VmRSS), in three situations:
//   1. embedded database, first start on an empty DATA_DIR (creates the cluster; ADR 0037 reopens it),
//   2. embedded database, a restart on that directory,
//   3. PostgreSQL (a fresh database created here, migrated by the server's own start).
//
//   bun run bench:idle-rss          (IDLE_SECONDS to wait after /api/health answers, default 10)
//
// Each case: the process is started with `bun src/server/index.ts` (NODE_ENV=production), polled
// until /api/health answers, left idle, then RSS is read five times a second apart (min / max).
// Figures only.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import postgres from "postgres";
import { rssMbOf } from "./lib/procs";

const ROOT = resolve(import.meta.dir, "..");
const IDLE_SECONDS = Number(process.env.IDLE_SECONDS ?? 10);
const PG_ADMIN_URL = process.env.BENCH_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const PG_DB = "birdie_idle_rss";

async function idleRss(label: string, env: Record<string, string>) {
  const probe = Bun.serve({ port: 0, fetch: () => new Response() });
  const port = probe.port;
  probe.stop(true);
  const started = performance.now();
  const child = Bun.spawn(["bun", "src/server/index.ts"], {
    cwd: ROOT,
    env: { ...(process.env as Record<string, string>), NODE_ENV: "production", PORT: String(port), ...env },
    stdout: "ignore",
    stderr: "inherit",
  });
  try {
    const deadline = Date.now() + 180_000;
    for (;;) {
      if (Date.now() > deadline) throw new Error(`${label}: no /api/health within 180 s`);
      try {
        if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
      } catch {
        // Not listening yet.
      }
      await Bun.sleep(200);
    }
    const readyMs = performance.now() - started;
    await Bun.sleep(IDLE_SECONDS * 1000);
    const samples: number[] = [];
    for (let i = 0; i < 5; i++) {
      samples.push(rssMbOf(child.pid));
      await Bun.sleep(1000);
    }
    console.log(
      `${label.padEnd(44)} ready in ${(readyMs / 1000).toFixed(1).padStart(5)} s   idle RSS ${Math.min(...samples).toFixed(0)}-${Math.max(...samples).toFixed(0)} MB`,
    );
  } finally {
    child.kill("SIGTERM");
    await child.exited;
  }
}

const dataDir = mkdtempSync(join(tmpdir(), "birdie-idle-rss-"));
const admin = postgres(PG_ADMIN_URL, { max: 1, onnotice: () => {} });
try {
  console.log(`Idle RSS after ${IDLE_SECONDS} s idle (VmRSS, 5 samples a second apart)`);
  await idleRss("embedded, first start on an empty DATA_DIR", { DATA_DIR: dataDir, DATABASE_URL: "" });
  await idleRss("embedded, restart on the same DATA_DIR", { DATA_DIR: dataDir, DATABASE_URL: "" });
  await admin.unsafe(`drop database if exists ${PG_DB} with (force)`);
  await admin.unsafe(`create database ${PG_DB}`);
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${PG_DB}`;
  await idleRss("PostgreSQL (fresh database, migrated at start)", { DATABASE_URL: url.toString() });
  await admin.unsafe(`drop database if exists ${PG_DB} with (force)`);
} finally {
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}

import { readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import lockfile from "proper-lockfile";
import { logger } from "../lib/logger";

// One server per embedded data directory (issue 13, row 8; ADR 0014). PGlite keeps the database
// in the process and writes its files from there: a second process on the same DATA_DIR started
// without error and its rows were silently lost. The directory is locked with proper-lockfile:
// an atomic mkdir whose mtime the holder refreshes every UPDATE_MS, so a lock whose holder died
// (kill -9, power loss, on this host or another sharing the volume) goes stale after STALE_MS
// and is taken over, and one that is still refreshed is never taken.
// Beside it, the holder notes its pid and host: on the same host a second server then knows at
// once whether the holder lives (refuse now) or died (take over now) instead of waiting.

export const LOCK_NAME = "birdie-server.lock";
const OWNER_NAME = "birdie-server.owner";
const STALE_MS = 10_000;
const UPDATE_MS = 2_000;

type Owner = { pid: number; host: string; lock: number };

export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as { code?: string }).code === "EPERM";
  }
}

/** The holder of the lock now in place, if it left its note (the note names the lock's inode). */
function ownerOf(dir: string): Owner | undefined {
  try {
    const owner = JSON.parse(readFileSync(join(dir, OWNER_NAME), "utf8")) as Owner;
    return owner.lock === statSync(join(dir, LOCK_NAME)).ino ? owner : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes DATA_DIR for this process, or throws DataDirLockedError. Resolves with the release.
 */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const lockfilePath = join(dir, LOCK_NAME);
  const locked = (detail: string) =>
    new DataDirLockedError(
      `DATA_DIR ${dir} is in use by another Birdie Challenge server (${detail}). ` +
        "Stop that server, or give this one its own DATA_DIR (or a DATABASE_URL).",
    );
  const attempt = (waitMs: number) =>
    lockfile.lock(dir, {
      lockfilePath,
      realpath: false,
      stale: STALE_MS,
      update: UPDATE_MS,
      retries: { retries: Math.ceil(waitMs / 500), factor: 1, minTimeout: 500, maxTimeout: 500 },
      // Refreshing failed long enough for another process to take the directory: two writers
      // would each lose the other's rows, so this one stops (the orchestrator starts a clean one).
      onCompromised: (err) => {
        logger.error("lost the lock on DATA_DIR; stopping", { dir, error: String(err) });
        process.exit(1);
      },
    });
  const isHeld = (err: unknown) => (err as { code?: string }).code === "ELOCKED";

  let release: () => Promise<void>;
  try {
    release = await attempt(0);
  } catch (err) {
    if (!isHeld(err)) throw err;
    const owner = ownerOf(dir);
    if (owner && owner.host === hostname()) {
      // A pid equal to ours is a previous life of this container (pid 1 again): dead too.
      if (owner.pid !== process.pid && alive(owner.pid)) throw locked(`process ${owner.pid} holds it`);
      logger.warn("DATA_DIR was locked by a server that died; taking it over", { dir, pid: owner.pid });
      rmSync(lockfilePath, { recursive: true, force: true });
      release = await attempt(0).catch((e) => {
        throw isHeld(e) ? locked("another server took it first") : e;
      });
    } else {
      // Held from another host, or its note is missing: only staleness tells a dead holder.
      logger.warn("DATA_DIR is locked by another server; waiting in case it died", { dir, waitMs: STALE_MS + 1_000 });
      release = await attempt(STALE_MS + 1_000).catch((e) => {
        throw isHeld(e) ? locked(`its lock ${lockfilePath} is kept fresh`) : e;
      });
    }
  }
  const note: Owner = { pid: process.pid, host: hostname(), lock: statSync(lockfilePath).ino };
  writeFileSync(join(dir, OWNER_NAME), JSON.stringify(note));
  return async () => {
    if (ownerOf(dir)?.pid === process.pid) rmSync(join(dir, OWNER_NAME), { force: true });
    await release();
  };
}

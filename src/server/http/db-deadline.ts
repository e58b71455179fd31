import type { MiddlewareHandler } from "hono";
import type { Database } from "../db/client";
import type { HonoEnv } from "./types";

export const UNAVAILABLE_MESSAGE = "The service is temporarily unavailable. Please try again shortly.";

/** A request still running after this long makes us ask whether the database is there at all. */
export const CHECK_AFTER_MS = 300;
const PING_TIMEOUT_MS = 350;
/** One answer serves every slow request for this long, so a burst of them asks only once. */
const REUSE_MS = 250;
/** Past this, a slow request on a reachable database is simply awaited. */
const GIVE_UP_CHECKING_MS = 60_000;

/** Whether the database answers at all, asked on its own connection (see Database.ping). */
export class DatabaseWatch {
  private pending: Promise<boolean> | undefined;
  private last = { at: -Infinity, up: true };

  constructor(private database: Pick<Database, "ping">) {}

  reachable(): Promise<boolean> {
    if (performance.now() - this.last.at < REUSE_MS) return Promise.resolve(this.last.up);
    this.pending ??= this.database.ping(PING_TIMEOUT_MS).then(
      () => this.settle(true),
      () => this.settle(false),
    );
    return this.pending;
  }

  private settle(up: boolean): boolean {
    this.last = { at: performance.now(), up };
    this.pending = undefined;
    return up;
  }
}

/**
 * No request hangs on a database that stopped answering. A dropped or refused connection already
 * fails fast (503 through isDatabaseDown); this covers the silent cases (a peer that vanished
 * without a reset, a network partition), where a query would wait for TCP to give up, minutes
 * later. A request still running after CHECK_AFTER_MS triggers a ping on a separate connection;
 * if that fails, the client gets 503 at once (under 1 s in all). Slow requests on a reachable
 * database are left alone. The abandoned handler ends on its own: a write it makes after all was
 * never acknowledged, and rounds carry a clientRoundId so a retry cannot record twice.
 */
export function dbDeadline(watch: DatabaseWatch): MiddlewareHandler<HonoEnv> {
  return async (c, next) => {
    // Health checks have their own, shorter pings and their own answers.
    if (c.req.path.startsWith("/api/health")) return next();
    const run = next().then(() => "done" as const);
    const started = performance.now();
    while (performance.now() - started < GIVE_UP_CHECKING_MS) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const outcome = await Promise.race([
        run,
        new Promise<"slow">((resolve) => (timer = setTimeout(resolve, CHECK_AFTER_MS, "slow"))),
      ]);
      clearTimeout(timer);
      if (outcome === "done") return;
      if (!(await watch.reachable())) {
        run.catch(() => {});
        return c.json({ message: UNAVAILABLE_MESSAGE }, 503);
      }
    }
    await run;
  };
}

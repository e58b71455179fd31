import type { Sql } from "postgres";
import { logger } from "../lib/logger";

/** Lets tests (and operators) find the listener's backend in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = "birdie-listener";

const FIRST_RETRY_MS = 250;
/**
 * Kept short: while the listener is away chat is deaf and /api/health says 503, and it must be
 * back within 5 s of the database (issue 13, row 2). A refused dial a second is cheap.
 */
const MAX_RETRY_MS = 1_000;
const PROBE_EVERY_MS = 15_000;
const PROBE_TIMEOUT_MS = 5_000;

export type NotifyHandler = (channel: string, payload: string) => void;

export type Listening = {
  /** Subscribed right now: false from the moment the connection is lost until LISTEN is back. */
  up(): boolean;
  stop(): Promise<void>;
};

/**
 * LISTEN on a dedicated connection that comes back after any loss, with backoff, for as long as
 * the process runs. postgres.js's own `sql.listen` re-listens once after a dropped connection but
 * gives up for good if that single attempt fails (a database restart takes longer), so the
 * connection is owned here. `onListen` runs after every successful (re)subscription: whatever was
 * notified while nobody listened is gone, and the caller tells its clients to refetch.
 * A periodic probe catches half-open connections TCP keepalive would take minutes to notice.
 */
export async function listenWithReconnect(
  url: string,
  channels: string[],
  onNotify: NotifyHandler,
  onListen: () => void,
): Promise<Listening> {
  const { default: postgres } = await import("postgres");
  let current: Sql | undefined;
  let stopped = false;
  let subscribed = false;
  let failures = 0;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;

  const lost = (err?: unknown) => {
    subscribed = false;
    if (stopped || retryTimer) return;
    const old = current;
    current = undefined;
    void old?.end({ timeout: 0 }).catch(() => {});
    const delay = Math.min(FIRST_RETRY_MS * 2 ** failures, MAX_RETRY_MS);
    failures += 1;
    logger.warn("database listener lost; reconnecting", {
      delayMs: delay,
      error: err === undefined ? undefined : String(err),
    });
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect();
    }, delay);
  };

  const connect = async () => {
    if (stopped) return;
    const sql: Sql = postgres(url, {
      max: 1,
      // Never recycled: each new connection would need LISTEN again and cost clients a refetch.
      max_lifetime: null,
      connect_timeout: 5,
      fetch_types: false,
      onnotice: () => {},
      connection: { application_name: LISTENER_APPLICATION_NAME },
      onclose: () => {
        if (current === sql) lost(new Error("connection closed"));
      },
      // Not in postgres.js's option types, but honoured by every connection it opens.
      ...({ onnotify: (channel: string, payload: string) => current === sql && onNotify(channel, payload) } as object),
    });
    current = sql;
    try {
      await sql.unsafe(channels.map((c) => `listen "${c.replace(/"/g, '""')}"`).join("; "));
      if (current !== sql) return;
      failures = 0;
      subscribed = true;
      onListen();
    } catch (err) {
      if (current === sql) lost(err);
    }
  };

  const probe = setInterval(async () => {
    const sql = current;
    if (!sql) return;
    try {
      await Promise.race([
        sql`select 1`,
        Bun.sleep(PROBE_TIMEOUT_MS).then(() => Promise.reject(new Error("listener probe timed out"))),
      ]);
    } catch (err) {
      if (current === sql) lost(err);
    }
  }, PROBE_EVERY_MS);
  probe.unref?.();

  await connect();

  return {
    up: () => subscribed,
    stop: async () => {
      stopped = true;
      subscribed = false;
      clearInterval(probe);
      if (retryTimer) clearTimeout(retryTimer);
      const sql = current;
      current = undefined;
      await sql?.end({ timeout: 1 }).catch(() => {});
    },
  };
}

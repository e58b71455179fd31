import { Hono } from "hono";
import type { HonoEnv } from "../../http/types";

/** Under a second in all: a checker (or a client) must hear "down" within 1 s of asking. */
const PING_TIMEOUT_MS = 700;

type Part = "up" | "down";

/**
 * Load balancers and the Docker health check ask this; it answers only after real queries, and
 * names the part that is down so an orchestrator can act (ADR 0014):
 *   database  the database answers on a connection of its own (ADR 0010's probe);
 *   pool      a query through the pool the requests use comes back (a database can answer while
 *             our pool cannot: every request then fails while the probe says all is well);
 *   listener  the chat bus is subscribed (LISTEN); "off" in a process that runs none.
 * 503 when any is down; `message` names the first one: database, pool, listener.
 */
export const healthRest = new Hono<HonoEnv>().get("/health", async (c) => {
  const { database, listener } = c.get("deps");
  c.header("Cache-Control", "no-store");
  const outcome = (p: Promise<void>): Promise<Part> =>
    p.then(
      () => "up",
      () => "down",
    );
  const [db, pool] = await Promise.all([
    outcome(database.ping(PING_TIMEOUT_MS)),
    outcome(database.pingPool(PING_TIMEOUT_MS)),
  ]);
  const listening: Part | "off" = listener ? (listener.isListening() ? "up" : "down") : "off";
  const parts = { database: db, pool, listener: listening };
  const message =
    db === "down"
      ? "Database unavailable"
      : pool === "down"
        ? "Database pool unavailable"
        : listening === "down"
          ? "Chat listener unavailable"
          : undefined;
  if (message) return c.json({ ok: false, db: database.kind, message, ...parts }, 503);
  return c.json({ ok: true, db: database.kind, ...parts });
});

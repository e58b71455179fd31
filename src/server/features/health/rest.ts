import { Hono } from "hono";
import type { HonoEnv } from "../../http/types";

/** Under a second in all: a checker (or a client) must hear "down" within 1 s of asking. */
const PING_TIMEOUT_MS = 700;

/** Load balancers and the Docker health check ask this; it answers only after a real query. */
export const healthRest = new Hono<HonoEnv>().get("/health", async (c) => {
  const { database } = c.get("deps");
  c.header("Cache-Control", "no-store");
  try {
    await database.ping(PING_TIMEOUT_MS);
    return c.json({ ok: true, db: database.kind });
  } catch {
    return c.json({ ok: false, db: database.kind, message: "Database unavailable" }, 503);
  }
});

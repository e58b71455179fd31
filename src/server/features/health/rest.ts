import { Hono } from "hono";
import type { HonoEnv } from "../../http/types";

const PING_TIMEOUT_MS = 1000;

/** Load balancers and the Docker health check ask this; it answers only after a real query. */
export const healthRest = new Hono<HonoEnv>().get("/health", async (c) => {
  const { database } = c.get("deps");
  c.header("Cache-Control", "no-store");
  try {
    await Promise.race([
      database.ping(),
      new Promise((_, reject) => setTimeout(() => reject(new Error("database ping timed out")), PING_TIMEOUT_MS)),
    ]);
    return c.json({ ok: true, db: database.kind });
  } catch {
    return c.json({ ok: false, db: database.kind, message: "Database unavailable" }, 503);
  }
});

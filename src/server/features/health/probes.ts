import { Hono } from "hono";
import type { AppDeps } from "../../deps";
import { migrationsApplied } from "../../db/migrate";
import type { HonoEnv } from "../../http/types";

// Liveness and readiness for orchestrators and load balancers (issue 20; ADR 0025), beside
// /api/health, which keeps its shape (ADR 0014):
//   /api/health/live   the process answers; touches nothing else. A failing liveness check gets a
//                      process restarted, so a database outage must never fail it.
//   /api/health/ready  this process can serve now: the pool answers, the chat listener is
//                      subscribed, every migration this release ships is applied, and every part
//                      registered in AppDeps.readiness (the job queue, once there is one) is ready.
//                      A failing readiness check takes the instance out of rotation until it passes.

/** Under a second in all, like /api/health. */
const PING_TIMEOUT_MS = 700;

type Part = "up" | "down";

/** Once applied, this release's migrations stay applied (a newer release only adds): asked until then. */
const migrated = new WeakMap<AppDeps["database"], true>();

async function migrationsReady(deps: AppDeps): Promise<boolean> {
  if (migrated.has(deps.database)) return true;
  const done = await migrationsApplied(deps.database.db);
  if (done) migrated.set(deps.database, true);
  return done;
}

/** "down" when the check fails, says no, or has not answered within PING_TIMEOUT_MS. */
async function outcome(work: () => boolean | Promise<boolean>): Promise<Part> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<Part>((resolve) => (timer = setTimeout(resolve, PING_TIMEOUT_MS, "down")));
  const answer = (async (): Promise<Part> => {
    try {
      return (await work()) ? "up" : "down";
    } catch {
      return "down";
    }
  })();
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
}

export const healthProbesRest = new Hono<HonoEnv>()
  .get("/health/live", (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ ok: true });
  })
  .get("/health/ready", async (c) => {
    const deps = c.get("deps");
    c.header("Cache-Control", "no-store");
    const checks: [string, () => boolean | Promise<boolean>][] = [
      ["pool", () => deps.database.pingPool(PING_TIMEOUT_MS).then(() => true)],
      ["migrations", () => migrationsReady(deps)],
      ...(deps.listener ? [["listener", () => deps.listener!.isListening()] as [string, () => boolean]] : []),
      ...(deps.readiness ?? []).map((r) => [r.name, () => r.ready()] as [string, () => boolean | Promise<boolean>]),
    ];
    const results = await Promise.all(checks.map(([, check]) => outcome(check)));
    const parts: Record<string, Part | "off"> = { listener: "off" };
    checks.forEach(([name], i) => {
      parts[name] = results[i] ?? "down";
    });
    const down = checks.filter((_, i) => results[i] === "down").map(([name]) => name);
    if (down.length) return c.json({ ok: false, message: `Not ready: ${down.join(", ")}`, ...parts }, 503);
    return c.json({ ok: true, ...parts });
  });

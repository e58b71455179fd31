import type { SignedInContext } from "../../src/server/context";
import type { Database, Db } from "../../src/server/db/client";
import type { UserRow } from "../../src/server/db/schema/users";
import type { AppDeps } from "../../src/server/deps";
import { parseEnv } from "../../src/server/env";
import { createLimits } from "../../src/server/lib/limits";

/** The server's dependencies for a bench on `database`, rate limits scaled out of the way. */
export function benchDeps(database: Database): AppDeps {
  const env = parseEnv({ NODE_ENV: "test", RATE_LIMIT_SCALE: "1000000000" });
  return { database, env, limits: createLimits(database.db, env.RATE_LIMIT_SCALE) };
}

/**
 * A call by `user` to one of the app's services (ADR 0022), on `db`: the deps' own database, or
 * another driver's handle on the same database (bench/drivers.ts).
 */
export function benchContext(deps: AppDeps, user: UserRow, db: Db = deps.database.db): SignedInContext {
  return {
    db,
    deps,
    user,
    session: { id: "bench", userId: user.id, expiresAt: new Date(Date.now() + 86_400_000), createdAt: new Date() },
    meta: { ip: "127.0.0.1", secure: false },
  };
}

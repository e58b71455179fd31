import { eq } from "drizzle-orm";
import type { SignedInContext } from "../../src/server/context";
import type { Database, Db } from "../../src/server/db/client";
import { type UserRow, users } from "../../src/server/db/schema/users";
import type { AppDeps } from "../../src/server/deps";
import { parseEnv } from "../../src/server/env";
import { createLimits } from "../../src/server/lib/limits";

/** The user row a bench acts as (read once, before timing starts). */
export async function benchUser(db: Db, userId: number): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`bench user ${userId} not found`);
  return user;
}

/**
 * The server's dependencies for a bench on `database`. Limits are scaled out of the way, but their
 * counter queries still run on `db` (any driver's handle on the same database), as in the server.
 */
export function benchDeps(database: Database, db: Db = database.db): AppDeps {
  const env = parseEnv({ NODE_ENV: "test", RATE_LIMIT_SCALE: "1000000000" });
  return { database, env, limits: createLimits(db, env.RATE_LIMIT_SCALE) };
}

/** The context a service call by `user` runs with (ADR 0022), on `db` (default: the deps' own). */
export function benchContext(deps: AppDeps, user: UserRow, db: Db = deps.database.db): SignedInContext {
  return {
    db,
    deps,
    user,
    session: {
      id: `bench-${user.id}`,
      userId: user.id,
      expiresAt: new Date(Date.now() + 86_400_000),
      createdAt: new Date(),
    },
    meta: { ip: "127.0.0.1", secure: false },
  };
}

import { eq } from "drizzle-orm";
import type { SignedInContext } from "../../src/server/context";
import type { Database, Db } from "../../src/server/db/client";
import { type UserRow, users } from "../../src/server/db/schema/users";
import { parseEnv } from "../../src/server/env";
import { createLimits } from "../../src/server/lib/limits";

/** The user row a bench acts as (read once, before timing starts). */
export async function benchUser(db: Db, userId: number): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error(`bench user ${userId} not found`);
  return user;
}

const env = parseEnv({ NODE_ENV: "test" });

/**
 * The context a service call by `user` runs with (ADR 0022), for benches that call services
 * directly on `db` (any driver). Limits are scaled out of the way, but their counter queries still
 * run on `db`, as in the server. `database` only completes AppDeps: these services use `db`.
 */
export function benchContext(database: Database, db: Db, user: UserRow): SignedInContext {
  return {
    db,
    deps: { database, env, limits: createLimits(db, 1e9) },
    user,
    session: {
      id: `bench-${user.id}`,
      userId: user.id,
      expiresAt: new Date(Date.now() + 3_600_000),
      createdAt: new Date(),
    },
    meta: { ip: "127.0.0.1", secure: false },
  };
}

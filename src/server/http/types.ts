import type { Context as HonoContext } from "hono";
import type { SessionRow, UserRow } from "../db/schema/users";
import type { AppDeps, Context, RequestMeta } from "../trpc/context";

export type HonoEnv = {
  Variables: {
    deps: AppDeps;
    user: UserRow | null;
    session: SessionRow | null;
    meta: RequestMeta;
  };
};

export type AppContext = HonoContext<HonoEnv>;

/** The same context tRPC procedures get, for REST routes calling services. */
export function serviceContext(c: AppContext): Context {
  const deps = c.get("deps");
  return {
    db: deps.database.db,
    deps,
    user: c.get("user"),
    session: c.get("session"),
    meta: c.get("meta"),
    setCookie: (cookie) => c.header("Set-Cookie", cookie, { append: true }),
  };
}

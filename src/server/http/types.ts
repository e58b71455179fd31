import type { Context as HonoContext } from "hono";
import type { RequestMeta } from "../context";
import type { SessionRow, UserRow } from "../db/schema/users";
import type { AppDeps } from "../deps";

export type HonoEnv = {
  Variables: {
    deps: AppDeps;
    user: UserRow | null;
    session: SessionRow | null;
    meta: RequestMeta;
    /** Why the request body could not be read (http/validate.ts), answered by the route's `body()`. */
    bodyProblem?: string;
  };
};

export type AppContext = HonoContext<HonoEnv>;

import type { Database, Db } from "../db/client";
import type { SessionRow, UserRow } from "../db/schema/users";
import type { Env } from "../env";
import type { Limits } from "../lib/limits";

/** What every feature service may need besides the database handle. */
export type AppDeps = {
  database: Database;
  env: Env;
  limits: Limits;
  /** The chat bus's LISTEN, when this process runs one (a full server; not app.request tests). */
  listener?: { isListening(): boolean };
};

export type RequestMeta = {
  ip: string;
  /** The request came over https (directly or via a trusted proxy): cookies get `Secure`. */
  secure: boolean;
};

export type Context = {
  db: Db;
  deps: AppDeps;
  user: UserRow | null;
  session: SessionRow | null;
  meta: RequestMeta;
  /** Adds a Set-Cookie header to the response (tRPC's createContext cannot use Hono's c.header). */
  setCookie(cookie: string): void;
};

import type { Database } from "./db/client";
import type { Env } from "./env";
import type { Limits } from "./lib/limits";

/** What services may need besides the database handle: built once per process (server.ts). */
export type AppDeps = {
  database: Database;
  env: Env;
  limits: Limits;
  /** The chat bus's LISTEN, when this process runs one (a full server; not app.request tests). */
  listener?: { isListening(): boolean };
};

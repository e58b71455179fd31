import type { Database } from "./db/client";
import type { Env } from "./env";
import type { Limits } from "./lib/limits";
import type { ReadinessCheck } from "./lib/readiness";
import type { Metrics } from "./metrics/metrics";
import type { SessionCache } from "./auth/session-cache";
import type { ReadCache } from "./lib/read-cache";
import type { AnswerMemo } from "./lib/answer-memo";

/** What services may need besides the database handle: built once per process (server.ts). */
export type AppDeps = {
  database: Database;
  env: Env;
  limits: Limits;
  /** The chat bus's LISTEN, when this process runs one (a full server; not app.request tests). */
  listener?: { isListening(): boolean };
  /** Parts /api/health/ready waits for besides the pool, the listener and the migrations. */
  readiness?: ReadinessCheck[];
  /** This process's Prometheus registry (/metrics); features register their own metrics on it. */
  metrics?: Metrics;
  /** A full server's per-process session cache (ADR 0044); absent in app.request tests. */
  sessionCache?: SessionCache;
  /** A full server's per-process cache of golfers' most read data (ADR 0056); absent in app.request tests. */
  readCache?: ReadCache;
  /** A full server's memo of whole answers made from the read cache (ADR 0062); absent with no read cache. */
  answerMemo?: AnswerMemo;
};

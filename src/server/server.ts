import { createApp } from "./app";
import { defaultPoolSize, openDatabase, type Database } from "./db/client";
import { migrateDatabase } from "./db/migrate";
import type { Env } from "./env";
import { createLimits } from "./lib/limits";
import { grantConfiguredAdmins } from "./features/auth/admin-grants";
import { vapidKeys } from "./features/push/vapid";
import { ChatRooms } from "./features/chat/realtime";
import { NotificationFanout } from "./features/notifications/realtime";
import { scheduleChallengeReminders } from "./features/notifications/schedule";
import { startCompactingPeriodPoints } from "./features/leaderboards/histogram";
import { logger } from "./lib/logger";
import { Metrics } from "./metrics/metrics";
import { observeServer } from "./metrics/server-metrics";
import { startSweeping } from "./lib/sweep";
import { startUpkeep } from "./jobs/upkeep";
import { ChatBus } from "./realtime/bus";
import { SessionCache } from "./auth/session-cache";
import { ReadCache } from "./lib/read-cache";
import { AnswerMemo } from "./lib/answer-memo";
import { invalidateReads } from "./realtime/read-invalidation";
import { Realtime, type SocketData } from "./realtime/ws";
import type { AppDeps } from "./deps";
import { defaultJobConcurrency, type JobHandlers, JobRunner, type RunnerOptions } from "./jobs/runner";
import { serverBackgroundJobKinds, serverJobHandlers } from "./server-jobs";

export type RunningServer = {
  url: string;
  port: number;
  deps: AppDeps;
  realtime: Realtime;
  rooms: ChatRooms;
  jobs: JobRunner;
  stop(): Promise<void>;
};

/**
 * Opens the database, migrates, and serves HTTP + WebSocket on one Bun server. Used by index.ts
 * and by tests that need a real socket (WebSocket, shutdown).
 */
export async function startServer(
  env: Env,
  opts: {
    database?: Database;
    pingIntervalMs?: number;
    sweepIntervalMs?: number;
    /** The job kinds this process runs (default: every feature's, see server-jobs.ts). */
    jobHandlers?: JobHandlers;
    jobOptions?: RunnerOptions;
  } = {},
): Promise<RunningServer> {
  // Jobs get half the request pool's size in slots (ADR 0049) and, on PostgreSQL, a pool of their
  // own with one more connection for the runner's claims.
  const poolSize = env.DATABASE_POOL_MAX ?? defaultPoolSize();
  const jobSlots = env.JOB_CONCURRENCY ?? defaultJobConcurrency(poolSize);
  const open = () =>
    openDatabase({
      url: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      max: poolSize,
      backgroundMax: jobSlots > 0 ? jobSlots + 1 : 0,
    });
  let database = opts.database ?? (await open());
  await migrateDatabase(database);
  if (!opts.database && database.created) {
    // Creating the embedded cluster grows PGlite's WebAssembly memory to ~1 GB, which a
    // WebAssembly instance never gives back; a fresh instance on the created files idles near
    // what a restart does (ADR 0037).
    await database.close();
    Bun.gc(true);
    database = await open();
  }
  await grantConfiguredAdmins(database.db, env.ADMIN_USERNAMES);
  // The Web Push key pair exists from start (generated once per database unless configured), so
  // reading the public key never writes (ADR 0038).
  await vapidKeys({ env, database });
  if (env.NODE_ENV === "production" && !env.PUBLIC_ORIGIN.length) {
    logger.warn(
      "PUBLIC_ORIGIN is not set: the origin check trusts each request's Host header, which DNS rebinding can forge. Set PUBLIC_ORIGIN to the address golfers use, e.g. https://birdie.example",
    );
  }

  // Chat fan-out comes from the database (LISTEN), so messages written by any process reach us.
  // The session cache proves its listener current by notifying itself (ADR 0044), on the
  // background pool where there is one: a NOTIFY's commit waits its turn behind every other
  // notifying commit's WAL flush, and must not hold a request connection meanwhile (ADR 0049).
  const sessionCache = new SessionCache(database.backgroundDb ?? database.db);
  const bus = await ChatBus.start(database, { aliveChannel: sessionCache.channel });
  // Golfers' most read data, answered only while the same listener is proven current (ADR 0056).
  const readCache = new ReadCache(() => sessionCache.fresh());
  // Whole answers made only of that cache's entries, given again while those entries stand (ADR 0062).
  const answerMemo = new AnswerMemo();
  const metrics = new Metrics();
  const deps: AppDeps = {
    database,
    env,
    limits: createLimits(database.db, env.RATE_LIMIT_SCALE),
    listener: bus,
    metrics,
    readiness: [],
    sessionCache,
    readCache,
    answerMemo,
  };
  // Every process runs the job queue unless JOB_CONCURRENCY=0; SKIP LOCKED claims keep each job
  // on one of them (ADR 0032). Jobs run on their own pool where there is one, and run one at a
  // time while requests wait for a connection (ADR 0049).
  const poolUsage = database.poolUsage;
  const jobDeps: AppDeps = database.backgroundDb
    ? { ...deps, database: { ...database, db: database.backgroundDb } }
    : deps;
  const jobs = new JobRunner(jobDeps, opts.jobHandlers ?? serverJobHandlers(), {
    concurrency: jobSlots,
    busy: poolUsage ? () => poolUsage().waiting > 0 : undefined,
    background: serverBackgroundJobKinds(),
    ...opts.jobOptions,
  });
  deps.readiness!.push(...jobs.readiness());
  if (env.JOB_CONCURRENCY === 0) logger.info("this process runs no background jobs (JOB_CONCURRENCY=0)");
  const app = createApp(deps);
  const realtime = new Realtime(deps, opts.pingIntervalMs);
  const rooms = new ChatRooms(database.db, realtime, bus);
  const notificationFanout = new NotificationFanout(database.db, realtime, bus);
  observeServer(metrics, { database, realtime, listener: bus });
  metrics.gauge(
    "session_cache_hits",
    "Requests whose session came from this process's cache (ADR 0044)",
    () => sessionCache.stats.hits,
  );
  metrics.gauge("session_cache_misses", "Session look-ups that read the database", () => sessionCache.stats.misses);
  metrics.gauge("session_cache_entries", "Sessions cached on this process", () => sessionCache.size);
  metrics.gauge(
    "read_cache_hits",
    "Reads answered from this process's read cache (ADR 0056)",
    () => readCache.stats.hits,
  );
  metrics.gauge("read_cache_misses", "Reads of cacheable data that went to the database", () => readCache.stats.misses);
  metrics.gauge("read_cache_entries", "Entries in this process's read cache", () => readCache.size);
  metrics.gauge("answer_memo_hits", "Reads answered with a memoised answer (ADR 0062)", () => answerMemo.stats.hits);
  metrics.gauge(
    "answer_memo_misses",
    "Memoisable reads that tRPC answered (none kept, or what it was made of changed)",
    () => answerMemo.stats.misses,
  );
  metrics.gauge("answer_memo_entries", "Answers memoised on this process", () => answerMemo.size);
  // Ended sessions (on any process) close their sockets at once; after a listener gap, re-check all.
  bus.subscribe((event) => invalidateReads(readCache, event));
  bus.subscribe((event) => {
    if (event.kind === "alive") sessionCache.alive(event.payload);
    else if (event.kind === "jobs") jobs.wake();
    else if (event.kind === "sessions-ended") {
      sessionCache.evictSessions(event.sessionIds);
      realtime.closeSessions(event.sessionIds);
    } else if (event.kind === "users-changed") sessionCache.evictUsers(event.userIds);
    else if (event.kind === "resync") {
      sessionCache.listenerReset();
      void realtime.closeEndedSessions().catch((err) => logger.warn("session re-check failed", { error: String(err) }));
    }
  });

  const server = Bun.serve<SocketData>({
    port: env.PORT,
    // Keep-alive connections and slow phones on course Wi-Fi: Bun's 10 s default is too short.
    idleTimeout: 60,
    async fetch(req, srv) {
      if (new URL(req.url).pathname === "/ws") return realtime.upgrade(req, srv);
      return app.fetch(req, srv);
    },
    websocket: realtime.websocket,
  });
  rooms.attach(server);
  realtime.start();
  const stopSweeping = startSweeping(database.db, opts.sweepIntervalMs);
  jobs.start();
  // Reminders of challenges that predate this release or were created while no process ran.
  void scheduleChallengeReminders(database.db).catch((err) =>
    logger.warn("could not schedule challenge reminders", { error: String(err) }),
  );
  const stopCompacting = startCompactingPeriodPoints(database.db);
  // The queue table is vacuumed when dead rows pile up, and stale statistics are renewed where
  // autovacuum does not run (jobs/upkeep.ts), off the request pool.
  const stopUpkeep = startUpkeep(database.backgroundDb ?? database.db, { embedded: database.kind === "pglite" });
  sessionCache.start();

  let stopping: Promise<void> | undefined;
  const stop = () =>
    (stopping ??= (async () => {
      stopSweeping();
      stopUpkeep();
      sessionCache.stop();
      // Before the pool closes: running jobs get a few seconds to finish and record it.
      await jobs.stop();
      stopCompacting();
      realtime.closeAll();
      // stop(false) stops accepting and lets in-flight requests finish.
      await server.stop(false);
      rooms.close();
      notificationFanout.close();
      await bus.close();
      await database.close();
    })());

  logger.info("server started", { url: server.url.href, db: database.kind });
  return { url: server.url.href.replace(/\/$/, ""), port: server.port ?? env.PORT, deps, realtime, rooms, jobs, stop };
}

import { fetchRequestHandler } from "@trpc/server/adapters/fetch";
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { accountRest } from "./features/account/rest";
import { achievementsRest } from "./features/achievements/rest";
import { adminRest } from "./features/admin/rest";
import { authRest } from "./features/auth/rest";
import { challengesRest } from "./features/challenges/rest";
import { coursesRest } from "./features/courses/rest";
import { fairplayRest } from "./features/fairplay/rest";
import { dashboardRest } from "./features/dashboard/rest";
import { birdiesRest } from "./features/birdies/rest";
import { chatRest } from "./features/chat/rest";
import { healthProbesRest } from "./features/health/probes";
import { healthRest } from "./features/health/rest";
import { invitesRest } from "./features/invites/rest";
import { leaderboardsRest } from "./features/leaderboards/rest";
import { notificationsRest } from "./features/notifications/rest";
import { profileRest } from "./features/profile/rest";
import { resultsRest } from "./features/results/rest";
import { pushRest } from "./features/push/rest";
import { supportRest } from "./features/support/rest";
import { verificationRest } from "./features/verification/rest";
import { clientAddress } from "./http/client-address";
import { DatabaseWatch, dbDeadline } from "./http/db-deadline";
import { noStoreByDefault } from "./http/no-store";
import { requestId } from "./http/request-id";
import { settleCaches } from "./http/settle-caches";
import {
  bodySizeCap,
  hostCheck,
  originCheck,
  refuseNulInUrl,
  refuseUndecodablePath,
  securityHeaders,
} from "./http/security";
import { loadSession, sessionLoader } from "./http/session-loader";
import { answerMemo, memoisedRestPath, memoisedTrpcPath } from "./http/answer-memo";
import { firstScreenRenderer } from "./http/first-screen-renderer";
import { type PageUser, staticSite } from "./http/static";
import { pageExtras } from "./page-extras";
import { toPublicUser } from "./features/users/queries";
import { readJsonBody } from "./http/validate";
import type { HonoEnv } from "./http/types";
import { ALREADY_EXISTS, AppError, httpStatusOf, isDatabaseDown, uniqueViolation } from "./lib/errors";
import { logger } from "./lib/logger";
import type { AppDeps } from "./deps";
import { metricsRest, requestMetrics } from "./metrics/http-metrics";
import { appRouter } from "./trpc/router";

const MB = 1024 * 1024;
/**
 * Profile pictures arrive as data URLs (5 MB of bytes is ~6.7 MB of base64); the cap leaves room
 * so a slightly-too-large picture gets the friendly "File too large" 400 from the service.
 */
const PICTURE_PATHS = /^\/api\/users\/me$|^\/trpc\/.*profile\./;

export function createApp(deps: AppDeps) {
  const { env } = deps;
  const app = new Hono<HonoEnv>();
  const production = env.NODE_ENV === "production";

  app.onError((err, c) => {
    if (err instanceof AppError) {
      if (err.kind === "TOO_MANY_REQUESTS") c.header("Retry-After", "60");
      return c.json({ message: err.message }, httpStatusOf[err.kind]);
    }
    if (err instanceof HTTPException) return c.json({ message: err.message || "Bad request" }, err.status);
    if (isDatabaseDown(err)) {
      return c.json({ message: "The service is temporarily unavailable. Please try again shortly." }, 503);
    }
    // A race every service check passed (two identical writes at once): the index decided.
    if (uniqueViolation(err)) return c.json({ message: ALREADY_EXISTS }, 409);
    logger.error("unhandled error", { path: c.req.path, error: String((err as Error)?.stack ?? err) });
    return c.json({ message: "Something went wrong. Please try again." }, 500);
  });
  app.notFound((c) => c.json({ message: "Not found" }, 404));

  app.use("*", requestId(env.TRUST_PROXY));
  if (deps.metrics) app.use("*", requestMetrics(deps.metrics));
  app.use("*", securityHeaders(production));
  app.use("*", hostCheck(env.PUBLIC_ORIGIN, env.TRUST_PROXY));
  app.use("*", async (c, next) => {
    // The address is read when something asks (rate limits, logs, sockets): Bun's requestIP cost
    // ~5% of a cached read's CPU, and most requests never need it (issue 19).
    const raw = c.req.raw;
    const server = c.env as Parameters<typeof clientAddress>[1];
    let ip: string | undefined;
    const proto = env.TRUST_PROXY ? c.req.header("x-forwarded-proto") : undefined;
    const secure = production || proto === "https" || c.req.url.startsWith("https:");
    c.set("deps", deps);
    const host =
      (env.TRUST_PROXY && c.req.header("x-forwarded-host")) || c.req.header("host") || new URL(c.req.url).host;
    const origin = `${secure ? "https" : "http"}://${host}`;
    c.set("meta", {
      get ip() {
        ip ??= clientAddress(raw, server, env.TRUST_PROXY);
        return ip;
      },
      secure,
      origin,
    });
    await next();
  });

  // PostgreSQL only: over the network a dead peer can hang a query; in-process PGlite cannot.
  const watch = deps.database.kind === "postgres" ? new DatabaseWatch(deps.database) : undefined;
  for (const prefix of ["/api/*", "/trpc/*"]) {
    app.use(prefix, noStoreByDefault());
    app.use(prefix, bodySizeCap(1 * MB, { test: (p) => PICTURE_PATHS.test(p), max: 12 * MB }));
    app.use(prefix, originCheck(env.PUBLIC_ORIGIN));
    if (watch) app.use(prefix, dbDeadline(watch));
    app.use(prefix, settleCaches());
  }

  // Health first and without a session look-up: it must answer even when sessions cannot load.
  app.route("/api", healthRest);
  app.route("/api", healthProbesRest);

  // tRPC refuses NUL in its input itself (in its own error shape); REST paths and queries here.
  app.use("/api/*", refuseNulInUrl());
  app.use("/api/*", sessionLoader());
  app.use("/api/*", readJsonBody());
  app.use("/api/dashboard", answerMemo(deps.answerMemo, memoisedRestPath));
  app.use("/trpc/*", refuseUndecodablePath());
  app.use("/trpc/*", sessionLoader());
  app.use("/trpc/*", answerMemo(deps.answerMemo, memoisedTrpcPath));

  app.route("/api", authRest);
  // Invites before challenges: /challenges/invite/... and /challenges/pin/... are not challenge ids.
  app.route("/api", invitesRest);
  app.route("/api", leaderboardsRest);
  app.route("/api", achievementsRest);
  app.route("/api", challengesRest);
  app.route("/api", coursesRest);
  app.route("/api", dashboardRest);
  app.route("/api", accountRest);
  app.route("/api", notificationsRest);
  app.route("/api", profileRest);
  app.route("/api", supportRest);
  app.route("/api", birdiesRest);
  app.route("/api", verificationRest);
  app.route("/api", chatRest);
  app.route("/api", resultsRest);
  app.route("/api", fairplayRest);
  app.route("/api", adminRest);
  app.route("/api", pushRest);
  app.all("/api/*", (c) => c.json({ message: "Not found" }, 404));

  app.all("/trpc/*", (c) =>
    fetchRequestHandler({
      endpoint: "/trpc",
      req: c.req.raw,
      router: appRouter,
      // The client's httpBatchLink is set to the same limit.
      maxBatchSize: 20,
      createContext: ({ resHeaders }) => ({
        db: deps.database.db,
        deps,
        user: c.get("user"),
        session: c.get("session"),
        meta: c.get("meta"),
        setCookie: (cookie: string) => resHeaders.append("Set-Cookie", cookie),
      }),
      onError: ({ error, path }) => {
        if (error.code === "INTERNAL_SERVER_ERROR") {
          logger.error("trpc error", { path, error: String(error.cause?.stack ?? error.stack) });
        }
      },
    }),
  );

  app.route("/", metricsRest(deps.metrics, env.METRICS_TOKEN));
  // The HTML names the signed-in golfer (first paint, issue 19): the session is read only for it,
  // as the API reads it (a renewal slides the cookie forward), and a page's own data (pageExtras)
  // is read as that golfer. A session that cannot be read leaves the page signed out, not failed.
  const pageUser: PageUser = async (c) => {
    await loadSession(c).catch(() => {});
    const user = c.get("user");
    return user ? toPublicUser(user) : null;
  };
  // A signed-in golfer's first screen comes rendered (ADR 0055) when the build made the renderer.
  app.route(
    "/",
    staticSite(env.STATIC_DIR, pageUser, { extras: pageExtras, renderer: firstScreenRenderer(env.STATIC_DIR) }),
  );
  return app;
}

export type App = ReturnType<typeof createApp>;

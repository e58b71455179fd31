import type { Server, ServerWebSocket, WebSocketHandler } from "bun";
import { and, eq, gt, inArray } from "drizzle-orm";
import { readSessionToken, validateSessionToken } from "../auth/session";
import { sessions, users } from "../db/schema/users";
import { isSameOrigin } from "../http/security";
import { logger } from "../lib/logger";
import type { AppDeps } from "../trpc/context";

export type SocketData = {
  userId: number;
  sessionId: string;
  /** Set when the socket answered the last PING; a socket that misses one is closed. */
  alive: boolean;
  /** The chat room (challenge id) this socket listens to, if any (chat issue). */
  challengeId: number | null;
  /** Frames received in the current rate window (see MAX_MESSAGES_PER_WINDOW). */
  rate: { windowStart: number; count: number };
};

export type ClientMessage =
  | { type: "PONG" }
  | { type: "JOIN_CHALLENGE_CHAT"; userId?: number; challengeId?: number }
  | { type: "LEAVE_CHALLENGE_CHAT" };

export const PING_INTERVAL_MS = 30_000;
const MAX_PAYLOAD = 16 * 1024;
/** A chat client sends a JOIN/LEAVE now and then and a PONG every 30 s; a flood is a misbehaving client. */
export const MAX_MESSAGES_PER_WINDOW = 20;
export const RATE_WINDOW_MS = 10_000;
/** A reader this far behind (a stalled phone, a client that stopped reading) is cut off, not buffered for. */
const BACKPRESSURE_LIMIT = 1024 * 1024;

/**
 * The /ws endpoint on Bun's native WebSocket. The upgrade needs a valid session and our own
 * Origin (browsers do not apply CORS to WebSockets, so this is the CSRF check). Rooms arrive with
 * the chat feature; this layer owns authentication, liveness and shutdown.
 */
export class Realtime {
  readonly sockets = new Set<ServerWebSocket<SocketData>>();
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  /** Extra message handlers registered by features (chat rooms). */
  private handlers: ((ws: ServerWebSocket<SocketData>, msg: ClientMessage) => void | Promise<void>)[] = [];

  constructor(
    private deps: AppDeps,
    private pingIntervalMs = PING_INTERVAL_MS,
  ) {}

  onMessage(handler: (ws: ServerWebSocket<SocketData>, msg: ClientMessage) => void | Promise<void>) {
    this.handlers.push(handler);
  }

  /** Called from Bun.serve's fetch for /ws; returns a Response when the upgrade is refused. */
  async upgrade(req: Request, server: Server<SocketData>): Promise<Response | undefined> {
    if (!isSameOrigin(req, this.deps.env.PUBLIC_ORIGIN)) {
      return Response.json({ message: "Cross-site WebSocket refused" }, { status: 403 });
    }
    const token = readSessionToken(req.headers.get("cookie"));
    const auth = token ? await validateSessionToken(this.deps.database.db, token) : null;
    if (!auth) return Response.json({ message: "Not signed in" }, { status: 401 });
    const ok = server.upgrade(req, {
      data: {
        userId: auth.user.id,
        sessionId: auth.session.id,
        alive: true,
        challengeId: null,
        rate: { windowStart: Date.now(), count: 0 },
      },
    });
    if (!ok) return Response.json({ message: "Expected a WebSocket upgrade" }, { status: 426 });
    return undefined;
  }

  readonly websocket: WebSocketHandler<SocketData> = {
    maxPayloadLength: MAX_PAYLOAD,
    idleTimeout: 120,
    backpressureLimit: BACKPRESSURE_LIMIT,
    closeOnBackpressureLimit: true,
    open: (ws) => {
      this.sockets.add(ws);
    },
    close: (ws) => {
      this.sockets.delete(ws);
    },
    message: async (ws, raw) => {
      // Counted before parsing, so malformed frames and PONG floods count too.
      const rate = ws.data.rate;
      const now = Date.now();
      if (now - rate.windowStart >= RATE_WINDOW_MS) {
        rate.windowStart = now;
        rate.count = 0;
      }
      if (++rate.count > MAX_MESSAGES_PER_WINDOW) {
        ws.close(1008, "Too many messages");
        return;
      }
      let msg: ClientMessage;
      try {
        msg = JSON.parse(typeof raw === "string" ? raw : new TextDecoder().decode(raw));
      } catch {
        return;
      }
      if (!msg || typeof msg !== "object") return;
      if (msg.type === "PONG") {
        ws.data.alive = true;
        return;
      }
      for (const handler of this.handlers) {
        try {
          await handler(ws, msg);
        } catch (err) {
          logger.warn("ws handler failed", { error: String(err) });
        }
      }
    },
  };

  start() {
    this.pingTimer = setInterval(() => {
      this.pingAll();
      void this.closeEndedSessions().catch((err) => logger.warn("session re-check failed", { error: String(err) }));
    }, this.pingIntervalMs);
  }

  /**
   * The session is checked at the upgrade; a socket lives longer than that. Each ping round
   * re-checks every socket's session in one query, so signing out, an expired session or an
   * admin disabling the account ends the socket within one interval.
   */
  async closeEndedSessions() {
    const bySession = new Map<string, ServerWebSocket<SocketData>[]>();
    for (const ws of this.sockets) bySession.set(ws.data.sessionId, [...(bySession.get(ws.data.sessionId) ?? []), ws]);
    if (!bySession.size) return;
    const ids = [...bySession.keys()];
    const alive = new Set<string>();
    for (let i = 0; i < ids.length; i += 1000) {
      const chunk = ids.slice(i, i + 1000);
      const found = await this.deps.database.db
        .select({ id: sessions.id })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(inArray(sessions.id, chunk), gt(sessions.expiresAt, new Date()), eq(users.disabled, false)));
      for (const row of found) alive.add(row.id);
    }
    for (const [id, list] of bySession) {
      if (alive.has(id)) continue;
      for (const ws of list) {
        ws.close(1008, "Session ended");
        this.sockets.delete(ws);
      }
    }
  }

  pingAll() {
    for (const ws of this.sockets) {
      if (!ws.data.alive) {
        ws.close(1001, "No PONG received");
        this.sockets.delete(ws);
        continue;
      }
      ws.data.alive = false;
      ws.send(JSON.stringify({ type: "PING" }));
    }
  }

  /** Close every socket with 1001 (going away) on shutdown. */
  closeAll() {
    if (this.pingTimer) clearInterval(this.pingTimer);
    for (const ws of this.sockets) ws.close(1001, "Server shutting down");
    this.sockets.clear();
  }
}

import type { Server, ServerWebSocket, WebSocketHandler } from "bun";
import { and, eq, gt, inArray } from "drizzle-orm";
import { readSessionToken, validateSessionToken } from "../auth/session";
import { sessions, users } from "../db/schema/users";
import { clientAddress } from "../http/client-address";
import { isAllowedHost, isSameOrigin, MISDIRECTED } from "../http/security";
import { logger } from "../lib/logger";
import type { AppDeps } from "../deps";

export type SocketData = {
  userId: number;
  sessionId: string;
  /** The address it connected from (counted against MAX_SOCKETS_PER_ADDRESS). */
  address: string;
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
/**
 * Open sockets per user and per address, on each server process. A golfer's phone, tablet and a
 * few browser tabs need a handful; 20 leaves room for more. An address may be a club's shared
 * Wi-Fi, so it gets more. Past these, an upgrade is refused (429): 1,000 sockets of one user once
 * cost this process 236 MB (issue 13 row 15). RATE_LIMIT_SCALE multiplies both, as it does every
 * limit: the benchmarks open thousands of sockets from one address.
 */
export const MAX_SOCKETS_PER_USER = 20;
export const MAX_SOCKETS_PER_ADDRESS = 200;
export const TOO_MANY_SOCKETS = "Too many open connections. Close another tab or device and try again.";
/** A reader this far behind (a stalled phone, a client that stopped reading) is cut off, not buffered for. */
const BACKPRESSURE_LIMIT = 1024 * 1024;

/**
 * The /ws endpoint on Bun's native WebSocket. The upgrade needs a valid session and our own
 * Origin (browsers do not apply CORS to WebSockets, so this is the CSRF check). Rooms arrive with
 * the chat feature; this layer owns authentication, liveness and shutdown.
 */
export class Realtime {
  readonly sockets = new Set<ServerWebSocket<SocketData>>();
  /** Upgraded sockets per user and per address, counted from the upgrade (before `open`) to `close`. */
  private perUser = new Map<number, number>();
  private perAddress = new Map<string, number>();
  private caps: { user: number; address: number };
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  /** Extra message handlers registered by features (chat rooms). */
  private handlers: ((ws: ServerWebSocket<SocketData>, msg: ClientMessage) => void | Promise<void>)[] = [];

  constructor(
    private deps: AppDeps,
    private pingIntervalMs = PING_INTERVAL_MS,
  ) {
    const scale = deps.env.RATE_LIMIT_SCALE;
    this.caps = {
      user: Math.max(1, Math.round(MAX_SOCKETS_PER_USER * scale)),
      address: Math.max(1, Math.round(MAX_SOCKETS_PER_ADDRESS * scale)),
    };
  }

  onMessage(handler: (ws: ServerWebSocket<SocketData>, msg: ClientMessage) => void | Promise<void>) {
    this.handlers.push(handler);
  }

  /** Called from Bun.serve's fetch for /ws; returns a Response when the upgrade is refused. */
  async upgrade(req: Request, server: Server<SocketData>): Promise<Response | undefined> {
    const { PUBLIC_ORIGIN, TRUST_PROXY } = this.deps.env;
    if (!isAllowedHost(req, PUBLIC_ORIGIN, TRUST_PROXY))
      return Response.json({ message: MISDIRECTED }, { status: 421 });
    if (!isSameOrigin(req, PUBLIC_ORIGIN)) {
      return Response.json({ message: "Cross-site WebSocket refused" }, { status: 403 });
    }
    const token = readSessionToken(req.headers.get("cookie"));
    const auth = token ? await validateSessionToken(this.deps.database.db, token, this.deps.sessionCache) : null;
    if (!auth) return Response.json({ message: "Not signed in" }, { status: 401 });
    const address = clientAddress(req, server, this.deps.env.TRUST_PROXY);
    // Checked and counted with no await in between, so simultaneous upgrades cannot overshoot.
    if (
      (this.perUser.get(auth.user.id) ?? 0) >= this.caps.user ||
      (this.perAddress.get(address) ?? 0) >= this.caps.address
    ) {
      return Response.json({ message: TOO_MANY_SOCKETS }, { status: 429 });
    }
    const ok = server.upgrade(req, {
      data: {
        userId: auth.user.id,
        sessionId: auth.session.id,
        address,
        alive: true,
        challengeId: null,
        rate: { windowStart: Date.now(), count: 0 },
      },
    });
    if (!ok) return Response.json({ message: "Expected a WebSocket upgrade" }, { status: 426 });
    bump(this.perUser, auth.user.id, 1);
    bump(this.perAddress, address, 1);
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
      bump(this.perUser, ws.data.userId, -1);
      bump(this.perAddress, ws.data.address, -1);
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

  /**
   * Closes at once the sockets of sessions that just ended (the sessions trigger announces every
   * deleted session to every process): closing also takes them out of their chat room.
   */
  closeSessions(sessionIds: Iterable<string>) {
    const ended = new Set(sessionIds);
    for (const ws of this.sockets) {
      if (!ended.has(ws.data.sessionId)) continue;
      ws.close(1008, "Session ended");
      this.sockets.delete(ws);
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

function bump<K>(counts: Map<K, number>, key: K, by: 1 | -1) {
  const next = (counts.get(key) ?? 0) + by;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}

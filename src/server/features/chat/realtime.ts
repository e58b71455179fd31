import type { Server, ServerWebSocket } from "bun";
import type { ChatMessage, ChatServerEvent } from "../../../shared/schemas/chat";
import type { Db } from "../../db/client";
import { AppError } from "../../lib/errors";
import { logger } from "../../lib/logger";
import type { BusEvent, ChatBus } from "../../realtime/bus";
import type { ClientMessage, Realtime, SocketData } from "../../realtime/ws";
import { requireMember } from "../challenges/access";
import { getMessagesByIds } from "./views";

type Socket = ServerWebSocket<SocketData>;

export const NOT_YOURSELF = "You can only act as yourself";
export const INVALID_CHALLENGE = "Invalid challenge id";

/** Bun pub/sub topic of a challenge's room. */
export const roomTopic = (challengeId: number) => `challenge:${challengeId}`;

/** Ids loaded per query when notifications arrive faster than they are sent out. */
const LOAD_BATCH = 500;
/**
 * A load that has not come back by then is given up: its rooms are told to resync and the queue
 * moves on. One loader runs at a time, so a query stuck on a dead connection would otherwise
 * hold every later message back, silently, for as long as TCP takes to notice (issue 13, row 2).
 */
export const LOAD_DEADLINE_MS = 3_000;

/**
 * Chat rooms on /ws (docs/product/api.md#websocket-ws). A socket is in at most one room, joined only by a member acting
 * as itself. Delivery follows the bus, never the request that wrote the message, so a message
 * written on any process (or inside any feature's transaction) reaches every room member once
 * it is committed.
 */
export class ChatRooms {
  private server: Server<SocketData> | undefined;
  private unsubscribe: () => void;
  /** Bumped by every JOIN/LEAVE: a JOIN whose membership check finishes late must not undo a later LEAVE. */
  private intent = new WeakMap<Socket, number>();
  private pending: { challengeId: number; id: number }[] = [];
  private flushing = false;

  constructor(
    private db: Db,
    private realtime: Realtime,
    bus: ChatBus,
  ) {
    realtime.onMessage((ws, msg) => this.handle(ws, msg));
    this.unsubscribe = bus.subscribe((event) => this.onBusEvent(event));
  }

  /** The Bun server to publish through (it exists only after Bun.serve). */
  attach(server: Server<SocketData>) {
    this.server = server;
  }

  close() {
    this.unsubscribe();
    this.pending = [];
  }

  /** Takes this user's sockets on this process out of the room (they lost their membership). */
  dropFromRoom(userId: number, challengeId: number) {
    for (const ws of this.realtime.sockets) {
      if (ws.data.userId === userId && ws.data.challengeId === challengeId) {
        this.bumpIntent(ws);
        ws.unsubscribe(roomTopic(challengeId));
        ws.data.challengeId = null;
      }
    }
  }

  // ---- Client messages -------------------------------------------------------------------------

  private async handle(ws: Socket, msg: ClientMessage) {
    if (msg.type === "JOIN_CHALLENGE_CHAT") await this.join(ws, msg);
    else if (msg.type === "LEAVE_CHALLENGE_CHAT") this.leave(ws);
  }

  private async join(ws: Socket, msg: { userId?: unknown; challengeId?: unknown }) {
    const intent = this.bumpIntent(ws);
    const challengeId = Number(msg.challengeId);
    if (!Number.isSafeInteger(challengeId) || challengeId < 1)
      return send(ws, { type: "ERROR", message: INVALID_CHALLENGE });
    // The original client names itself; the session decides, and a different id is refused
    // (docs/product/api.md#userid-and-usersid).
    if (msg.userId !== undefined && msg.userId !== null && Number(msg.userId) !== ws.data.userId) {
      return send(ws, { type: "ERROR", message: NOT_YOURSELF, challengeId });
    }
    try {
      await requireMember(this.db, challengeId, ws.data.userId);
    } catch (err) {
      if (err instanceof AppError) return send(ws, { type: "ERROR", message: err.message, challengeId });
      throw err;
    }
    if (this.intent.get(ws) !== intent || ws.readyState !== WebSocket.OPEN) return;
    this.leaveRoom(ws);
    ws.subscribe(roomTopic(challengeId));
    ws.data.challengeId = challengeId;
    send(ws, { type: "JOINED_CHALLENGE_CHAT", challengeId });
  }

  private leave(ws: Socket) {
    this.bumpIntent(ws);
    this.leaveRoom(ws);
  }

  private leaveRoom(ws: Socket) {
    if (ws.data.challengeId === null) return;
    ws.unsubscribe(roomTopic(ws.data.challengeId));
    ws.data.challengeId = null;
  }

  private bumpIntent(ws: Socket): number {
    const next = (this.intent.get(ws) ?? 0) + 1;
    this.intent.set(ws, next);
    return next;
  }

  // ---- Bus events ------------------------------------------------------------------------------

  private onBusEvent(event: BusEvent) {
    if (event.kind === "membership-lost") this.dropFromRoom(event.userId, event.challengeId);
    else if (event.kind === "resync") this.resyncAll();
    else if (event.kind === "message-changed") void this.publishChange(event);
    else if (event.kind === "message") {
      this.pending.push(event);
      if (!this.flushing) void this.flush();
    }
  }

  /**
   * Loads and publishes queued messages in commit order. One loader at a time keeps a room's
   * messages in order on the wire, and a burst becomes one query per batch instead of one per
   * message. Rooms nobody on this process listens to cost nothing.
   */
  private async flush() {
    this.flushing = true;
    try {
      while (this.pending.length) {
        const batch = this.pending.splice(0, LOAD_BATCH).filter((e) => this.listenersOf(e.challengeId) > 0);
        if (!batch.length) continue;
        let messages: ChatMessage[];
        let timer: ReturnType<typeof setTimeout> | undefined;
        try {
          messages = await Promise.race([
            getMessagesByIds(
              this.db,
              batch.map((e) => e.id),
            ),
            new Promise<never>((_, reject) => {
              timer = setTimeout(() => reject(new Error("chat messages not loaded in time")), LOAD_DEADLINE_MS);
            }),
          ]);
        } catch (err) {
          // Could not load them: tell those rooms to refetch rather than silently lose messages.
          logger.warn("chat fan-out load failed", { error: String(err) });
          for (const challengeId of new Set(batch.map((e) => e.challengeId)))
            this.publish(challengeId, { type: "chat_message", data: { challengeId, resync: true } });
          continue;
        } finally {
          clearTimeout(timer);
        }
        for (const message of messages)
          this.publish(message.challengeId, {
            type: "chat_message",
            data: { challengeId: message.challengeId, message },
          });
      }
    } finally {
      this.flushing = false;
    }
  }

  /**
   * A round line was amended or removed (a record of it was deleted, ADR 0028): open chats
   * replace or drop it at once. Changes are rare, so each is loaded on its own; a failed load asks
   * the room to resync instead.
   */
  private async publishChange(event: { challengeId: number; id: number; removed: boolean }) {
    const { challengeId, id } = event;
    if (this.listenersOf(challengeId) === 0) return;
    if (event.removed) {
      this.publish(challengeId, { type: "chat_message_changed", data: { challengeId, id, message: null } });
      return;
    }
    try {
      const [message] = await getMessagesByIds(this.db, [id]);
      this.publish(challengeId, { type: "chat_message_changed", data: { challengeId, id, message: message ?? null } });
    } catch (err) {
      logger.warn("chat change load failed", { error: String(err) });
      this.publish(challengeId, { type: "chat_message", data: { challengeId, resync: true } });
    }
  }

  /** The listener reconnected: every room on this process may have missed messages. */
  private resyncAll() {
    const rooms = new Set<number>();
    for (const ws of this.realtime.sockets) if (ws.data.challengeId !== null) rooms.add(ws.data.challengeId);
    for (const challengeId of rooms)
      this.publish(challengeId, { type: "chat_message", data: { challengeId, resync: true } });
  }

  private listenersOf(challengeId: number): number {
    return this.server?.subscriberCount(roomTopic(challengeId)) ?? 0;
  }

  private publish(challengeId: number, event: ChatServerEvent) {
    this.server?.publish(roomTopic(challengeId), JSON.stringify(event));
  }
}

function send(ws: Socket, event: ChatServerEvent) {
  ws.send(JSON.stringify(event));
}

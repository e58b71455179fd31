import type { ServerWebSocket } from "bun";
import { inArray } from "drizzle-orm";
import type { NotificationSocketEvent } from "../../../shared/schemas/notifications";
import type { Db } from "../../db/client";
import { notifications } from "../../db/schema/notifications";
import { logger } from "../../lib/logger";
import type { BusEvent, ChatBus } from "../../realtime/bus";
import type { Realtime, SocketData } from "../../realtime/ws";
import { toItem } from "./service";

type Socket = ServerWebSocket<SocketData>;

/**
 * Live notifications on /ws (docs/product/api.md#websocket-ws): every socket of a user, whatever
 * room it is in, gets `{ type: "NOTIFICATION", notification }` for each new one, and a bare
 * `{ type: "NOTIFICATION" }` ("refetch") when they were marked read on another device or after
 * the listener was away. Delivery follows the bus, so a notification written on any process
 * reaches every device once it is committed.
 */
export class NotificationFanout {
  private unsubscribe: () => void;

  constructor(
    private db: Db,
    private realtime: Realtime,
    bus: ChatBus,
  ) {
    this.unsubscribe = bus.subscribe((event) => this.onBusEvent(event));
  }

  close() {
    this.unsubscribe();
  }

  private socketsOf(userIds: Set<number>): Map<number, Socket[]> {
    const out = new Map<number, Socket[]>();
    for (const ws of this.realtime.sockets) {
      if (!userIds.has(ws.data.userId)) continue;
      out.set(ws.data.userId, [...(out.get(ws.data.userId) ?? []), ws]);
    }
    return out;
  }

  private onBusEvent(event: BusEvent) {
    if (event.kind === "notifications") void this.deliver(event.items);
    else if (event.kind === "notifications-read") {
      for (const list of this.socketsOf(new Set(event.userIds)).values()) for (const ws of list) send(ws, {});
    } else if (event.kind === "resync") {
      for (const ws of this.realtime.sockets) send(ws, {});
    }
  }

  /** Loads the new items of users with a socket here (none: no query) and sends them. */
  private async deliver(items: { userId: number; id: number }[]) {
    const sockets = this.socketsOf(new Set(items.map((i) => i.userId)));
    const wanted = items.filter((i) => sockets.has(i.userId)).map((i) => i.id);
    if (!wanted.length) return;
    try {
      const rows = await this.db.select().from(notifications).where(inArray(notifications.id, wanted));
      for (const row of rows.sort((a, b) => a.id - b.id)) {
        for (const ws of this.socketsOf(new Set([row.userId])).get(row.userId) ?? []) {
          send(ws, { notification: toItem(row) });
        }
      }
    } catch (err) {
      // The devices still get a nudge to refetch when the database answers again.
      logger.warn("notification delivery failed", { error: String(err) });
      for (const list of sockets.values()) for (const ws of list) send(ws, {});
    }
  }
}

function send(ws: Socket, event: Omit<NotificationSocketEvent, "type">) {
  if (ws.readyState !== WebSocket.OPEN) return;
  ws.send(JSON.stringify({ type: "NOTIFICATION", ...event } satisfies NotificationSocketEvent));
}

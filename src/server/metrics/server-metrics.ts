import type { Database } from "../db/client";
import type { Realtime } from "../realtime/ws";
import type { Metrics } from "./metrics";

/** The figures a running server has besides its requests: pool, sockets, chat rooms, listener. */
export function observeServer(
  metrics: Metrics,
  parts: { database: Database; realtime: Realtime; listener: { isListening(): boolean } },
): void {
  const { database, realtime, listener } = parts;
  const usage = database.poolUsage;
  // PostgreSQL only: PGlite is one in-process connection with no pool to watch.
  if (usage) {
    metrics.gauge("db_pool_size", "Connections the request pool may open (DATABASE_POOL_MAX)", () => usage().size);
    metrics.gauge(
      "db_pool_in_use",
      "Pool connections holding a query or a transaction (counted by our database handle; see db/pool-usage.ts)",
      () => usage().inUse,
    );
    metrics.gauge(
      "db_pool_waiting",
      "Queries and transactions waiting for a free pool connection",
      () => usage().waiting,
    );
  }
  metrics.gauge("ws_open_sockets", "Open /ws sockets on this process", () => realtime.sockets.size);
  metrics.gauge("chat_rooms_open", "Chat rooms (challenges) with at least one socket on this process", () => {
    const rooms = new Set<number>();
    for (const ws of realtime.sockets) if (ws.data.challengeId !== null) rooms.add(ws.data.challengeId);
    return rooms.size;
  });
  metrics.gauge("chat_listener_up", "1 while the chat bus is subscribed (LISTEN), else 0", () =>
    listener.isListening() ? 1 : 0,
  );
}

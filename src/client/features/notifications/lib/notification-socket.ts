import type { NotificationItem } from "../../../../shared/schemas/notifications";

// The notification channel on /ws (docs/product/api.md#websocket-ws) without React: one socket per
// signed-in tab, PONG for every PING, reconnect with backoff (1 s doubling to 30 s). A NOTIFICATION
// event carries a new item, or nothing when the list should simply be fetched again.

export type NotificationEvent = { notification?: NotificationItem };

type SocketLike = {
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onopen: ((ev: unknown) => void) | null;
};

export function reconnectDelay(attempt: number): number {
  return Math.min(30_000, 1_000 * 2 ** Math.min(attempt, 5));
}

/** Reads one frame: a NOTIFICATION event, "pong" for a PING, or null for anything else. */
export function readFrame(raw: unknown): NotificationEvent | "ping" | null {
  if (typeof raw !== "string") return null;
  let event: { type?: unknown; notification?: unknown };
  try {
    event = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!event || typeof event !== "object") return null;
  if (event.type === "PING") return "ping";
  if (event.type !== "NOTIFICATION") return null;
  const n = event.notification as NotificationItem | undefined;
  return n && typeof n === "object" && typeof n.id === "number" ? { notification: n } : {};
}

/**
 * Keeps a socket open until the returned function is called, calling `onEvent` for every
 * notification event and `onConnect` after every (re)connection (what was missed is refetched).
 */
export function openNotificationSocket(
  url: string,
  onEvent: (event: NotificationEvent) => void,
  onConnect: () => void,
  createSocket: (url: string) => SocketLike = (u) => new WebSocket(u) as unknown as SocketLike,
): () => void {
  let socket: SocketLike | null = null;
  let stopped = false;
  let attempt = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const connect = () => {
    if (stopped) return;
    try {
      socket = createSocket(url);
    } catch {
      retry();
      return;
    }
    const current = socket;
    current.onopen = () => {
      attempt = 0;
      onConnect();
    };
    current.onmessage = (ev) => {
      const frame = readFrame(ev.data);
      if (frame === "ping") current.send(JSON.stringify({ type: "PONG" }));
      else if (frame) onEvent(frame);
    };
    current.onclose = () => {
      if (socket !== current) return;
      socket = null;
      retry();
    };
  };
  const retry = () => {
    if (stopped) return;
    timer = setTimeout(connect, reconnectDelay(attempt++));
  };
  const online = () => {
    if (socket || stopped) return;
    clearTimeout(timer);
    connect();
  };
  if (typeof window !== "undefined") window.addEventListener("online", online);
  connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    if (typeof window !== "undefined") window.removeEventListener("online", online);
    const s = socket;
    socket = null;
    if (s) {
      s.onopen = s.onmessage = s.onclose = null;
      try {
        s.close(1000, "Signed out");
      } catch {
        // A socket that never connected may throw on close; it is gone either way.
      }
    }
  };
}

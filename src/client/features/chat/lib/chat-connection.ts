import type { ChatMessage } from "../../../../shared/schemas/chat";
import { backoffDelay } from "./reconnect-backoff";

// The /ws chat protocol (docs/product/api.md#websocket-ws) without React: one socket, at most one
// room, PONG for every PING, and reconnects with backoff. Kept framework-free so the protocol is
// unit-tested with a fake socket.

/** `refused`: the server would not let this user into the room (no longer a member). */
export type ConnectionStatus = "connecting" | "live" | "reconnecting" | "refused" | "closed";

/** A chat_message for the room: the new message, or none when the server asks for a resync. */
export type RoomEvent = {
  challengeId: number;
  message?: ChatMessage;
  resync?: boolean;
  /** A message already shown was amended (its new version) or removed (null). */
  changed?: { id: number; message: ChatMessage | null };
};

/** The part of the browser WebSocket this class uses. */
export type SocketLike = {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
};

const OPEN = 1;

export type ChatConnectionOptions = {
  url: string;
  userId: number;
  /** A message (or resync request) for the room currently joined. */
  onRoomEvent: (event: RoomEvent) => void;
  /** The server confirmed the room: anything sent while not joined must be fetched now. */
  onJoined: (challengeId: number) => void;
  onStatus: (status: ConnectionStatus) => void;
  /** The server refused something (a JOIN for a room the user is not in). */
  onServerError?: (message: string) => void;
  createSocket?: (url: string) => SocketLike;
  delay?: (attempt: number) => number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
};

export class ChatConnection {
  private socket: SocketLike | null = null;
  private room: number | null = null;
  private joined: number | null = null;
  private refused: number | null = null;
  private attempt = 0;
  private timer: unknown = null;
  private stopped = false;
  private status: ConnectionStatus = "connecting";
  private readonly createSocket: (url: string) => SocketLike;
  private readonly delay: (attempt: number) => number;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;

  constructor(private readonly options: ChatConnectionOptions) {
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url) as unknown as SocketLike);
    this.delay = options.delay ?? ((attempt) => backoffDelay(attempt));
    this.setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>));
  }

  start() {
    this.stopped = false;
    this.connect();
  }

  /** Joins `challengeId`'s room (leaving the current one), or just leaves with null. */
  setRoom(challengeId: number | null) {
    if (challengeId === this.room) return;
    const open = this.isOpen();
    if (open && this.room !== null) this.send({ type: "LEAVE_CHALLENGE_CHAT" });
    this.room = challengeId;
    this.joined = null;
    this.refused = null;
    if (open && challengeId !== null)
      this.send({ type: "JOIN_CHALLENGE_CHAT", userId: this.options.userId, challengeId });
    this.refreshStatus();
  }

  /** Skips the remaining wait (the device came back online). */
  reconnectNow() {
    if (this.stopped || this.socket) return;
    this.cancelTimer();
    this.connect();
  }

  stop() {
    this.stopped = true;
    this.cancelTimer();
    const socket = this.socket;
    this.socket = null;
    this.joined = null;
    if (socket) {
      socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
      if (socket.readyState === OPEN && this.room !== null) this.trySend(socket, { type: "LEAVE_CHALLENGE_CHAT" });
      try {
        socket.close(1000, "Chat closed");
      } catch {
        // Closing a socket that never connected can throw in some browsers; it is gone either way.
      }
    }
    this.setStatus("closed");
  }

  private connect() {
    let socket: SocketLike;
    try {
      socket = this.createSocket(this.options.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      if (this.room !== null)
        this.send({ type: "JOIN_CHALLENGE_CHAT", userId: this.options.userId, challengeId: this.room });
      else this.attempt = 0;
      this.refreshStatus();
    };
    socket.onmessage = (ev) => this.receive(ev.data);
    // An error is always followed by close; reconnecting happens there.
    socket.onerror = () => {};
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.joined = null;
      this.scheduleReconnect();
    };
    this.refreshStatus();
  }

  private receive(raw: unknown) {
    if (typeof raw !== "string") return;
    let event: { type?: unknown; challengeId?: unknown; message?: unknown; data?: unknown };
    try {
      event = JSON.parse(raw);
    } catch {
      return;
    }
    if (!event || typeof event !== "object") return;
    switch (event.type) {
      case "PING":
        this.send({ type: "PONG" });
        return;
      case "JOINED_CHALLENGE_CHAT": {
        // A late answer to a JOIN the user has since moved away from is not this room.
        if (typeof event.challengeId !== "number" || event.challengeId !== this.room) return;
        this.joined = event.challengeId;
        this.refused = null;
        this.attempt = 0;
        this.refreshStatus();
        this.options.onJoined(event.challengeId);
        return;
      }
      case "chat_message": {
        const data = event.data as RoomEvent | undefined;
        if (
          !data ||
          typeof data.challengeId !== "number" ||
          data.challengeId !== this.room ||
          this.joined !== this.room
        )
          return;
        this.options.onRoomEvent(data);
        return;
      }
      case "chat_message_changed": {
        const data = event.data as { challengeId?: number; id?: unknown; message?: ChatMessage | null } | undefined;
        if (!data || data.challengeId !== this.room || this.joined !== this.room || typeof data.id !== "number") return;
        this.options.onRoomEvent({
          challengeId: data.challengeId,
          changed: { id: data.id, message: data.message ?? null },
        });
        return;
      }
      case "ERROR": {
        if (typeof event.message === "string") this.options.onServerError?.(event.message);
        if (this.room !== null && event.challengeId === this.room) {
          this.refused = this.room;
          this.refreshStatus();
        }
        return;
      }
    }
  }

  private scheduleReconnect() {
    if (this.stopped) return;
    this.cancelTimer();
    const wait = this.delay(this.attempt);
    this.attempt += 1;
    this.setStatus("reconnecting");
    this.timer = this.setTimer(() => {
      this.timer = null;
      if (!this.stopped) this.connect();
    }, wait);
  }

  private cancelTimer() {
    if (this.timer !== null) this.clearTimer(this.timer);
    this.timer = null;
  }

  private isOpen() {
    return this.socket !== null && this.socket.readyState === OPEN;
  }

  private send(message: object) {
    if (this.socket && this.isOpen()) this.trySend(this.socket, message);
  }

  private trySend(socket: SocketLike, message: object) {
    try {
      socket.send(JSON.stringify(message));
    } catch {
      // A socket closing under us reports through onclose.
    }
  }

  /** Live once the socket is open and the selected room (if any) is confirmed. */
  private refreshStatus() {
    if (this.stopped) return;
    if (this.isOpen() && (this.room === null || this.joined === this.room)) this.setStatus("live");
    else if (this.isOpen() && this.refused !== null && this.refused === this.room) this.setStatus("refused");
    else if (this.socket === null && this.timer !== null) this.setStatus("reconnecting");
    else this.setStatus(this.attempt > 0 ? "reconnecting" : "connecting");
  }

  private setStatus(status: ConnectionStatus) {
    if (status === this.status) return;
    this.status = status;
    this.options.onStatus(status);
  }
}

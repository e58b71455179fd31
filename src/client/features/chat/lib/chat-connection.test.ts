import { beforeEach, describe, expect, test } from "bun:test";
import { ChatConnection, type ConnectionStatus, type RoomEvent, type SocketLike } from "./chat-connection";

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  closed: number | undefined;
  onopen: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: unknown) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code?: number) {
    this.closed = code;
    this.readyState = 3;
  }
  // Test controls: what the server would do.
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  receive(event: object) {
    this.onmessage?.({ data: JSON.stringify(event) });
  }
  drop() {
    this.readyState = 3;
    this.onclose?.({});
  }
}

let sockets: FakeSocket[];
let timers: { fn: () => void; ms: number; cancelled: boolean }[];
let statuses: ConnectionStatus[];
let events: RoomEvent[];
let joins: number[];
let errors: string[];

function connect(room: number | null = 5) {
  const connection = new ChatConnection({
    url: "ws://test/ws",
    userId: 42,
    onRoomEvent: (e) => events.push(e),
    onJoined: (id) => joins.push(id),
    onStatus: (s) => statuses.push(s),
    onServerError: (m) => errors.push(m),
    createSocket: (url) => {
      const s = new FakeSocket(url);
      sockets.push(s);
      return s;
    },
    delay: (attempt) => [1000, 2000, 4000][attempt] ?? 30000,
    setTimer: (fn, ms) => {
      const t = { fn, ms, cancelled: false };
      timers.push(t);
      return t;
    },
    clearTimer: (t) => {
      (t as { cancelled: boolean }).cancelled = true;
    },
  });
  connection.setRoom(room);
  connection.start();
  return connection;
}

const last = () => sockets[sockets.length - 1];
const fire = () => {
  const t = timers.filter((x) => !x.cancelled).pop();
  if (!t) throw new Error("no timer pending");
  t.cancelled = true;
  t.fn();
};

beforeEach(() => {
  sockets = [];
  timers = [];
  statuses = [];
  events = [];
  joins = [];
  errors = [];
});

describe("ChatConnection", () => {
  test("joins the room once open and is live only after the server confirms", () => {
    connect(5);
    expect(last().url).toBe("ws://test/ws");
    expect(last().sent).toEqual([]);
    last().open();
    expect(last().sent).toEqual([{ type: "JOIN_CHALLENGE_CHAT", userId: 42, challengeId: 5 }]);
    expect(statuses).toEqual([]);
    last().receive({ type: "JOINED_CHALLENGE_CHAT", challengeId: 5 });
    expect(statuses).toEqual(["live"]);
    expect(joins).toEqual([5]);
  });

  test("answers every PING with PONG", () => {
    connect(5);
    last().open();
    last().receive({ type: "PING" });
    last().receive({ type: "PING" });
    expect(last().sent.slice(1)).toEqual([{ type: "PONG" }, { type: "PONG" }]);
  });

  test("passes on chat_message for the joined room only", () => {
    connect(5);
    last().open();
    // Before the JOIN is confirmed nothing is delivered as the room's.
    last().receive({ type: "chat_message", data: { challengeId: 5, message: { id: 1 } } });
    last().receive({ type: "JOINED_CHALLENGE_CHAT", challengeId: 5 });
    last().receive({ type: "chat_message", data: { challengeId: 6, message: { id: 2 } } });
    last().receive({ type: "chat_message", data: { challengeId: 5, message: { id: 3 } } });
    last().receive({ type: "chat_message", data: { challengeId: 5, resync: true } });
    last().onmessage?.({ data: "not json" });
    expect(events).toEqual([
      { challengeId: 5, message: { id: 3 } } as unknown as RoomEvent,
      { challengeId: 5, resync: true },
    ]);
  });

  test("passes on chat_message_changed (amended or removed) for the joined room only", () => {
    connect(5);
    last().open();
    last().receive({ type: "JOINED_CHALLENGE_CHAT", challengeId: 5 });
    last().receive({ type: "chat_message_changed", data: { challengeId: 6, id: 2, message: null } });
    last().receive({ type: "chat_message_changed", data: { challengeId: 5, id: 3, message: { id: 3 } } });
    last().receive({ type: "chat_message_changed", data: { challengeId: 5, id: 4, message: null } });
    expect(events).toEqual([
      { challengeId: 5, changed: { id: 3, message: { id: 3 } } } as unknown as RoomEvent,
      { challengeId: 5, changed: { id: 4, message: null } },
    ]);
  });

  test("switching challenge leaves, then joins the new room; a late JOINED for the old one is ignored", () => {
    const c = connect(5);
    last().open();
    last().receive({ type: "JOINED_CHALLENGE_CHAT", challengeId: 5 });
    c.setRoom(8);
    expect(last().sent.slice(1)).toEqual([
      { type: "LEAVE_CHALLENGE_CHAT" },
      { type: "JOIN_CHALLENGE_CHAT", userId: 42, challengeId: 8 },
    ]);
    expect(statuses.at(-1)).toBe("connecting");
    last().receive({ type: "JOINED_CHALLENGE_CHAT", challengeId: 5 });
    expect(joins).toEqual([5]);
    last().receive({ type: "JOINED_CHALLENGE_CHAT", challengeId: 8 });
    expect(joins).toEqual([5, 8]);
    expect(statuses.at(-1)).toBe("live");
    c.setRoom(8);
    expect(last().sent).toHaveLength(3);
  });

  test("a refused JOIN is reported and the card stays off live", () => {
    connect(5);
    last().open();
    last().receive({ type: "ERROR", message: "Challenge not found", challengeId: 5 });
    expect(errors).toEqual(["Challenge not found"]);
    expect(statuses).toEqual(["refused"]);
  });

  test("reconnects with growing delays, rejoins, and resets the backoff once joined", () => {
    connect(5);
    last().open();
    last().receive({ type: "JOINED_CHALLENGE_CHAT", challengeId: 5 });
    last().drop();
    expect(statuses.at(-1)).toBe("reconnecting");
    expect(timers.at(-1)?.ms).toBe(1000);
    fire();
    expect(sockets).toHaveLength(2);
    last().drop(); // the server is still down
    expect(timers.at(-1)?.ms).toBe(2000);
    fire();
    last().drop();
    expect(timers.at(-1)?.ms).toBe(4000);
    fire();
    last().open();
    expect(last().sent).toEqual([{ type: "JOIN_CHALLENGE_CHAT", userId: 42, challengeId: 5 }]);
    expect(statuses.at(-1)).toBe("reconnecting");
    last().receive({ type: "JOINED_CHALLENGE_CHAT", challengeId: 5 });
    expect(statuses.at(-1)).toBe("live");
    expect(joins).toEqual([5, 5]);
    last().drop();
    expect(timers.at(-1)?.ms).toBe(1000);
  });

  test("reconnectNow skips the wait; stop leaves, closes and never reconnects", () => {
    const c = connect(5);
    last().drop();
    c.reconnectNow();
    expect(sockets).toHaveLength(2);
    expect(timers[0].cancelled).toBe(true);
    last().open();
    const socket = last();
    c.stop();
    expect(socket.sent.at(-1)).toEqual({ type: "LEAVE_CHALLENGE_CHAT" });
    expect(socket.closed).toBe(1000);
    expect(statuses.at(-1)).toBe("closed");
    socket.drop();
    expect(timers.filter((t) => !t.cancelled)).toHaveLength(0);
    c.reconnectNow();
    expect(sockets).toHaveLength(2);
  });

  test("without a room the open socket is live and sends nothing", () => {
    const c = connect(null);
    last().open();
    expect(last().sent).toEqual([]);
    expect(statuses).toEqual(["live"]);
    c.setRoom(3);
    expect(last().sent).toEqual([{ type: "JOIN_CHALLENGE_CHAT", userId: 42, challengeId: 3 }]);
    c.setRoom(null);
    expect(last().sent.at(-1)).toEqual({ type: "LEAVE_CHALLENGE_CHAT" });
    expect(statuses.at(-1)).toBe("live");
  });
});

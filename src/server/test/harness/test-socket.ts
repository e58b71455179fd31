import { expect } from "bun:test";
import { RestClient } from "./harness";

// A browser-like /ws client for realtime tests: answers PING like the app's client
// (docs/product/api.md#from-the-client), records every event, and lets a test wait for (or rule
// out) an event.

export class TestSocket {
  readonly events: any[] = [];
  readonly closed: Promise<number>;
  private waiters: { match: (e: any) => boolean; resolve: (e: any) => void }[] = [];

  private constructor(readonly ws: WebSocket) {
    this.closed = new Promise((resolve) => ws.addEventListener("close", (e) => resolve(e.code)));
    ws.addEventListener("message", (e) => {
      const event = JSON.parse(String(e.data));
      if (event.type === "PING") ws.send(JSON.stringify({ type: "PONG" }));
      this.events.push(event);
      this.waiters = this.waiters.filter((w) => {
        if (!w.match(event)) return true;
        w.resolve(event);
        return false;
      });
    });
  }

  static async open(origin: string, cookie: string, headers: Record<string, string> = {}): Promise<TestSocket> {
    const ws = new WebSocket(`${origin.replace(/^http/, "ws")}/ws`, {
      headers: { Origin: origin, Cookie: cookie, ...headers },
    } as never);
    await new Promise<void>((resolve, reject) => {
      ws.addEventListener("open", () => resolve());
      ws.addEventListener("error", () => reject(new Error("socket refused")));
    });
    return new TestSocket(ws);
  }

  send(message: unknown) {
    this.ws.send(typeof message === "string" ? message : JSON.stringify(message));
  }

  /** The first event from now on that matches (events already received do not count). */
  next(match: (e: any) => boolean, timeoutMs = 3000): Promise<any> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(this.events.slice(-5))}`)),
        timeoutMs,
      );
      this.waiters.push({
        match,
        resolve: (e) => {
          clearTimeout(timer);
          resolve(e);
        },
      });
    });
  }

  /** JOIN a room and wait for the server's answer (JOINED or ERROR). */
  async join(challengeId: number, userId?: number) {
    const answer = this.next((e) => e.type === "JOINED_CHALLENGE_CHAT" || e.type === "ERROR");
    this.send({ type: "JOIN_CHALLENGE_CHAT", challengeId, ...(userId === undefined ? {} : { userId }) });
    return answer;
  }

  /** chat_message events received so far whose message text is `text`. */
  received(text: string) {
    return this.events.filter((e) => e.type === "chat_message" && e.data.message?.message === text);
  }

  /** Asserts no chat_message with this text arrives within `ms` (after something else proved delivery ran). */
  async expectNone(text: string, ms = 300) {
    await Bun.sleep(ms);
    expect(this.received(text)).toEqual([]);
  }

  close() {
    this.ws.close();
  }
}

/** A REST client against a real running server (fetch, not app.request). */
export function serverClient(origin: string) {
  return new RestClient({ request: (input, init) => fetch(input.replace("http://localhost", origin), init) }, origin);
}

let seq = 0;
/** Registers a golfer on a running server; returns the client, id and session cookie for sockets. */
export async function signUpAt(origin: string, displayName: string, headers: Record<string, string> = {}) {
  const tag = `${Date.now().toString(36)}${++seq}${Math.random().toString(36).slice(2, 5)}`;
  const client = serverClient(origin);
  const res = await client.post(
    "/api/register",
    {
      username: `chat_${tag}`,
      displayName,
      email: `chat_${tag}@example.com`,
      password: "birdie123",
    },
    headers,
  );
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${res.text}`);
  return { client, id: res.json.id as number, cookie: `session=${client.cookies.get("session")}` };
}

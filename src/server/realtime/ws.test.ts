import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startServer, type RunningServer } from "../server";
import { createTestDatabase, RestClient, testEnv } from "../test/harness/harness";

let server: RunningServer;
let cookie: string;
let origin: string;

beforeAll(async () => {
  const database = await createTestDatabase();
  server = await startServer(testEnv({ PORT: "0" }), { database, pingIntervalMs: 150 });
  origin = server.url;
  const client = new RestClient(
    { request: (input, init) => fetch(input.replace("http://localhost", origin), init) },
    origin,
  );
  const res = await client.post("/api/register", {
    username: "ws_user",
    displayName: "Socket Sam",
    email: "ws@example.com",
    password: "secret1",
  });
  expect(res.status).toBe(201);
  cookie = `session=${client.cookies.get("session")}`;
}, 120_000);
afterAll(() => server.stop());

const wsUrl = () => `${origin.replace("http", "ws")}/ws`;

function open(headers: Record<string, string>) {
  const ws = new WebSocket(wsUrl(), { headers } as never);
  const messages: any[] = [];
  ws.addEventListener("message", (e) => messages.push(JSON.parse(String(e.data))));
  const opened = new Promise<boolean>((resolve) => {
    ws.addEventListener("open", () => resolve(true));
    ws.addEventListener("error", () => resolve(false));
    ws.addEventListener("close", () => resolve(false));
  });
  const closed = new Promise<number>((resolve) => ws.addEventListener("close", (e) => resolve(e.code)));
  return { ws, messages, opened, closed };
}

describe("/ws handshake", () => {
  test("refuses a signed-out upgrade with 401 and a cross-site one with 403", async () => {
    const anon = await fetch(`${origin}/ws`, {
      headers: {
        Origin: origin,
        Upgrade: "websocket",
        Connection: "Upgrade",
        "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
        "Sec-WebSocket-Version": "13",
      },
    });
    expect(anon.status).toBe(401);
    const cross = await fetch(`${origin}/ws`, {
      headers: {
        Origin: "https://evil.example",
        Cookie: cookie,
        Upgrade: "websocket",
        Connection: "Upgrade",
        "Sec-WebSocket-Key": "dGhlIHNhbXBsZSBub25jZQ==",
        "Sec-WebSocket-Version": "13",
      },
    });
    expect(cross.status).toBe(403);
    const { opened } = open({ Origin: origin });
    expect(await opened).toBe(false);
  });

  test("a signed-in same-origin socket connects, gets PING, and stays open while it answers PONG", async () => {
    const { ws, messages, opened } = open({ Origin: origin, Cookie: cookie });
    expect(await opened).toBe(true);
    ws.addEventListener("message", (e) => {
      if (JSON.parse(String(e.data)).type === "PING") ws.send(JSON.stringify({ type: "PONG" }));
    });
    await Bun.sleep(700);
    expect(messages.filter((m) => m.type === "PING").length).toBeGreaterThanOrEqual(3);
    expect(ws.readyState).toBe(WebSocket.OPEN);
    ws.close();
  });

  test("a socket whose session ends (sign-out elsewhere) is closed at the next ping round", async () => {
    const client = new RestClient(
      { request: (input, init) => fetch(input.replace("http://localhost", origin), init) },
      origin,
    );
    await client.post("/api/login", { username: "ws_user", password: "secret1" });
    const own = `session=${client.cookies.get("session")}`;
    const { ws, opened, closed } = open({ Origin: origin, Cookie: own });
    expect(await opened).toBe(true);
    ws.addEventListener("message", (e) => {
      if (JSON.parse(String(e.data)).type === "PING") ws.send(JSON.stringify({ type: "PONG" }));
    });
    await client.post("/api/logout");
    const code = await Promise.race([closed, Bun.sleep(2000).then(() => -1)]);
    expect(code).toBe(1008);
  });

  test("a socket that never answers PING is closed", async () => {
    const { opened, closed } = open({ Origin: origin, Cookie: cookie });
    expect(await opened).toBe(true);
    const code = await Promise.race([closed, Bun.sleep(2000).then(() => -1)]);
    expect(code).toBe(1001);
  });
});

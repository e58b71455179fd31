import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { connect as connectTls } from "node:tls";
import { join } from "node:path";
import { brotliCompressSync } from "node:zlib";
import type { Database } from "../../db/client";
import { createChallenge } from "../harness/challenge-fixtures";
import { type ChildServer, spawnServer } from "../harness/child-server";
import { createTestDatabase, type RestClient, testDatabaseUrl } from "../harness/harness";
import { freePort, type Nginx, startNginx } from "../harness/nginx";
import { type Exposition, parsePrometheusText, sampleValue } from "../harness/prometheus-text";
import { serverClient, TestSocket } from "../harness/test-socket";

// Issue 20: Debian's nginx running deploy/nginx.conf round-robins two real server processes on
// one PostgreSQL database, configured as production runs them (TRUST_PROXY=true, PUBLIC_ORIGIN,
// the real rate limits). Where each request landed is read from each instance's own /metrics
// (requests by route) and from nginx's access log (upstream=...). PostgreSQL only (*.pg-test.ts).

if (!process.env.TEST_DATABASE_URL) throw new Error("nginx.pg-test.ts needs TEST_DATABASE_URL");

const TOKEN = "nginx-test-metrics-token-0123456789";
const PASSWORD = "birdie123";
const ASSET = `console.log(${JSON.stringify("birdie ".repeat(400))});\n`;
const POOL_MAX = 4;

let database: Database;
let staticDir: string;
let nginx: Nginx;
type Instance = { server: ChildServer; port: number; origin: string };
const instances: Instance[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  staticDir = mkdtempSync(join(tmpdir(), "birdie-static-"));
  mkdirSync(join(staticDir, "assets"));
  writeFileSync(join(staticDir, "index.html"), "<!doctype html><title>Birdie</title>");
  writeFileSync(join(staticDir, "assets", "app-test.js"), ASSET);
  writeFileSync(join(staticDir, "assets", "app-test.js.gz"), Bun.gzipSync(Buffer.from(ASSET)));
  writeFileSync(join(staticDir, "assets", "app-test.js.br"), brotliCompressSync(Buffer.from(ASSET)));

  // The instances must know nginx's origins (PUBLIC_ORIGIN) and nginx the instances' ports.
  const proxy = { http: freePort(), https: freePort() };
  const ports = [freePort(), freePort()];
  const publicOrigins = [
    `http://127.0.0.1:${proxy.http}`,
    `https://127.0.0.1:${proxy.https}`,
    // Direct calls to an instance, for the one-instance baseline below.
    ...ports.map((p) => `http://127.0.0.1:${p}`),
  ];
  for (const port of ports) {
    const server = spawnServer({
      DATABASE_URL: testDatabaseUrl(database),
      PORT: String(port),
      TRUST_PROXY: "true",
      PUBLIC_ORIGIN: publicOrigins.join(","),
      METRICS_TOKEN: TOKEN,
      RATE_LIMIT_SCALE: "1",
      DATABASE_POOL_MAX: String(POOL_MAX),
      STATIC_DIR: staticDir,
    });
    instances.push({ server, port, origin: `http://127.0.0.1:${port}` });
  }
  await Promise.all(instances.map((i) => i.server.ready));
  nginx = await startNginx(
    ports.map((p) => `127.0.0.1:${p}`),
    proxy,
  );
}, 60_000);

afterAll(async () => {
  await nginx?.stop();
  await Promise.all(instances.map((i) => i.server.stop()));
  await database?.close();
  if (staticDir) rmSync(staticDir, { recursive: true, force: true });
}, 60_000);

async function scrape(instance: Instance): Promise<Exposition> {
  const res = await fetch(`${instance.origin}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  return parsePrometheusText(await res.text());
}

const scrapeAll = () => Promise.all(instances.map(scrape));

/** Requests an instance answered on `route` (a pattern) with `method`, over every status. */
function answered(exposition: Exposition, method: string, route: string): number {
  return exposition.samples
    .filter((s) => s.name === "birdie_http_requests_total" && s.labels.method === method && s.labels.route === route)
    .reduce((sum, s) => sum + s.value, 0);
}

/** How many of the requests `work` sends on `route` each instance answered. */
async function landing(method: string, route: string, work: () => Promise<void>): Promise<number[]> {
  const before = await scrapeAll();
  await work();
  const after = await scrapeAll();
  return after.map((e, i) => answered(e, method, route) - answered(before[i], method, route));
}

/** The instance holding the one socket `open` adds (by each instance's open-socket gauge). */
async function holderOf(open: () => Promise<TestSocket>): Promise<{ socket: TestSocket; holder: number }> {
  const before = await scrapeAll();
  const socket = await open();
  const after = await scrapeAll();
  const added = after.map(
    (e, i) => sampleValue(e, "birdie_ws_open_sockets")! - sampleValue(before[i], "birdie_ws_open_sockets")!,
  );
  expect(added.sort()).toEqual([0, 1]);
  return { socket, holder: added.indexOf(1) };
}

let seq = 0;
async function signUpThroughProxy(displayName: string) {
  const tag = `${Date.now().toString(36)}${++seq}`;
  const username = `px_${tag}`;
  const client = serverClient(nginx.http);
  const res = await client.post("/api/register", {
    username,
    displayName,
    email: `${username}@example.com`,
    password: PASSWORD,
  });
  expect(res.status).toBe(201);
  return { client, username, id: res.json.id as number };
}

async function signIn(username: string): Promise<{ client: RestClient; cookie: string }> {
  const client = serverClient(nginx.http);
  const res = await client.post("/api/login", { username, password: PASSWORD });
  expect(res.status).toBe(200);
  return { client, cookie: `session=${client.cookies.get("session")}` };
}

describe("nginx (deploy/nginx.conf) in front of two instances on one PostgreSQL", () => {
  test("a golfer signs in through nginx and consecutive requests land on both instances", async () => {
    const golfer = await signUpThroughProxy("Proxy Pat");
    const { client } = await signIn(golfer.username);
    const requestIds: string[] = [];
    const perInstance = await landing("GET", "/api/user", async () => {
      for (let i = 0; i < 10; i++) {
        const res = await client.get("/api/user");
        expect(res.status).toBe(200);
        expect(res.json.id).toBe(golfer.id);
        requestIds.push(res.headers.get("x-request-id") ?? "");
      }
    });
    expect(perInstance.reduce((a, b) => a + b)).toBe(10);
    expect(perInstance.every((n) => n > 0)).toBe(true);

    // nginx's own record agrees, and each answer carries nginx's request id (kept by the app).
    for (const id of requestIds) expect(id).toMatch(/^[0-9a-f]{32}$/);
    let lines: string[] = [];
    for (let i = 0; i < 50; i++) {
      const log = nginx.accessLog().split("\n");
      lines = requestIds.map((id) => log.find((l) => l.includes(`request_id=${id}`)) ?? "");
      if (lines.every(Boolean)) break;
      await Bun.sleep(20);
    }
    const upstreams = new Set(lines.map((l) => /upstream=(\S+)/.exec(l)?.[1]));
    expect(upstreams).toEqual(new Set(instances.map((i) => `127.0.0.1:${i.port}`)));

    // Each instance reports its own pool on PostgreSQL.
    for (const exposition of await scrapeAll()) {
      expect(sampleValue(exposition, "birdie_db_pool_size")).toBe(POOL_MAX);
      expect(sampleValue(exposition, "birdie_db_pool_in_use")).toBeGreaterThanOrEqual(0);
      expect(sampleValue(exposition, "birdie_db_pool_waiting")).toBeGreaterThanOrEqual(0);
    }
  });

  test("the WebSocket upgrades through nginx; a chat message posted through one instance reaches a socket held by the other", async () => {
    const owner = await signUpThroughProxy("Chat Chen");
    const { cookie } = await signIn(owner.username);
    const challenge = await createChallenge(owner.client);
    const { socket, holder } = await holderOf(() => TestSocket.open(nginx.http, cookie));
    try {
      expect((await socket.join(challenge.id)).type).toBe("JOINED_CHALLENGE_CHAT");
      let crossed = false;
      for (let i = 0; i < 4 && !crossed; i++) {
        const text = `through nginx ${i}`;
        const arrival = socket.next((e) => e.type === "chat_message" && e.data.message?.message === text);
        const perInstance = await landing("POST", "/api/challenges/:challengeId/chat", async () => {
          const res = await owner.client.post(`/api/challenges/${challenge.id}/chat`, { message: text });
          expect(res.status).toBe(201);
        });
        await arrival;
        crossed = perInstance[1 - holder] === 1;
      }
      expect(crossed).toBe(true);
    } finally {
      socket.close();
    }
  });

  test("a login flood through nginx meets the same limit as on one instance, forged X-Forwarded-For or not", async () => {
    const wrong = (username: string) => JSON.stringify({ username, password: "not-the-password" });
    async function attemptsUntilRefused(send: (i: number) => Promise<Response>): Promise<number> {
      for (let i = 1; i <= 20; i++) {
        const res = await send(i);
        if (res.status === 429) return i;
        expect(res.status).toBe(401);
      }
      throw new Error("never refused within 20 wrong passwords");
    }

    const alone = await signUpThroughProxy("Flood Alone");
    const direct = instances[0].origin;
    const oneInstance = await attemptsUntilRefused(() =>
      fetch(`${direct}/api/login`, {
        method: "POST",
        headers: { Origin: direct, "Content-Type": "application/json" },
        body: wrong(alone.username),
      }),
    );

    const spread = await signUpThroughProxy("Flood Spread");
    let throughProxy = 0;
    const perInstance = await landing("POST", "/api/login", async () => {
      throughProxy = await attemptsUntilRefused((i) =>
        fetch(`${nginx.http}/api/login`, {
          method: "POST",
          // A client's own X-Forwarded-For must not reset its limit: nginx replaces it.
          headers: { Origin: nginx.http, "Content-Type": "application/json", "X-Forwarded-For": `203.0.113.${i}` },
          body: wrong(spread.username),
        }),
      );
    });
    expect(oneInstance).toBeGreaterThan(1);
    expect(throughProxy).toBe(oneInstance);
    expect(perInstance.every((n) => n > 0)).toBe(true);
  });

  test("logout answered by one instance closes the session's socket held by the other", async () => {
    const golfer = await signUpThroughProxy("Logout Lou");
    const { client, cookie } = await signIn(golfer.username);
    const { socket, holder } = await holderOf(() => TestSocket.open(nginx.http, cookie));
    // Round-robin: after a request the holder answered, the next one goes to the other instance.
    for (let i = 0; i < 3; i++) {
      const perInstance = await landing("GET", "/api/user", async () => {
        expect((await client.get("/api/user")).status).toBe(200);
      });
      if (perInstance[holder] === 1) break;
    }
    const perInstance = await landing("POST", "/api/logout", async () => {
      expect((await client.post("/api/logout")).status).toBe(200);
    });
    expect(perInstance[1 - holder]).toBe(1);
    const closed = await Promise.race([socket.closed, Bun.sleep(3_000).then(() => "still open")]);
    expect(closed).toBe(1008);
  });

  test("cookies are Secure when nginx terminated TLS, not when a client claims https over plain HTTP", async () => {
    const golfer = await signUpThroughProxy("Secure Sid");
    const login = async (origin: string, headers: Record<string, string> = {}) => {
      const res = await fetch(`${origin}/api/login`, {
        method: "POST",
        headers: { Origin: origin, "Content-Type": "application/json", ...headers },
        body: JSON.stringify({ username: golfer.username, password: PASSWORD }),
        tls: { rejectUnauthorized: false },
      } as RequestInit);
      expect(res.status).toBe(200);
      return res.headers.getSetCookie().find((c) => c.startsWith("session=")) ?? "";
    };
    expect(await login(nginx.https)).toMatch(/;\s*Secure/i);
    expect(await login(nginx.http)).not.toMatch(/;\s*Secure/i);
    expect(await login(nginx.http, { "X-Forwarded-Proto": "https" })).not.toMatch(/;\s*Secure/i);
  });

  test("offers HTTP/2 over TLS, so a page's files share one connection (ADR 0048)", async () => {
    const { hostname, port } = new URL(nginx.https);
    const protocol = await new Promise<string | false | null>((resolve, reject) => {
      const socket = connectTls(
        { host: hostname, port: Number(port), ALPNProtocols: ["h2", "http/1.1"], rejectUnauthorized: false },
        () => {
          resolve(socket.alpnProtocol);
          socket.end();
        },
      );
      socket.on("error", reject);
    });
    expect(protocol).toBe("h2");
  });

  test("a client's X-Forwarded-Host never reaches the app (which would trust it)", async () => {
    const golfer = await signUpThroughProxy("Host Hal");
    const res = await golfer.client.get("/api/user", { "X-Forwarded-Host": "evil.example" });
    expect(res.status).toBe(200);
    // Sent straight to an instance, the same header is believed (TRUST_PROXY) and refused.
    const direct = await fetch(`${instances[0].origin}/api/user`, { headers: { "X-Forwarded-Host": "evil.example" } });
    expect(direct.status).toBe(421);
  });

  test("precompressed assets pass through nginx as the app chose them (brotli, gzip, none)", async () => {
    const asset = `${nginx.http}/assets/app-test.js`;
    for (const [encoding, suffix] of [
      ["br", ".br"],
      ["gzip", ".gz"],
    ]) {
      const res = await fetch(asset, { headers: { "Accept-Encoding": encoding }, decompress: false } as RequestInit);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-encoding")).toBe(encoding);
      const expected = readFileSync(join(staticDir, "assets", `app-test.js${suffix}`));
      expect(Buffer.from(await res.arrayBuffer()).equals(expected)).toBe(true);
    }
    const plain = await fetch(asset, { headers: { "Accept-Encoding": "identity" }, decompress: false } as RequestInit);
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(ASSET);
  });

  test("with one instance stopped, nginx sends every request to the other (passive health check)", async () => {
    await instances[1].server.stop();
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${nginx.http}/api/health/ready`);
      expect(res.status).toBe(200);
    }
    const golfer = await signUpThroughProxy("Failover Fay");
    expect((await golfer.client.get("/api/user")).status).toBe(200);
  });
});

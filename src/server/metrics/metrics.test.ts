import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createApp } from "../app";
import { createLimits } from "../lib/limits";
import { startServer, type RunningServer } from "../server";
import { createChallenge } from "../test/harness/challenge-fixtures";
import { createTestDatabase, testEnv } from "../test/harness/harness";
import { parsePrometheusText, sampleValue } from "../test/harness/prometheus-text";
import { signUpAt, TestSocket } from "../test/harness/test-socket";
import { Metrics } from "./metrics";

// Issue 20: /metrics in Prometheus text format, for a scraper holding METRICS_TOKEN; requests by
// route pattern (never the raw path) and status, sockets, rooms and the chat listener.

const TOKEN = "metrics-token-for-tests-0123456789";
let server: RunningServer;

beforeAll(async () => {
  const database = await createTestDatabase();
  server = await startServer(testEnv({ PORT: "0", METRICS_TOKEN: TOKEN }), { database });
}, 60_000);
afterAll(async () => {
  await server?.stop();
});

async function scrape() {
  const res = await fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toStartWith("text/plain; version=0.0.4");
  return parsePrometheusText(await res.text());
}

describe("/metrics access", () => {
  test("401 without the token or with a wrong one, naming the scheme", async () => {
    const attempts: Record<string, string>[] = [
      {},
      { Authorization: "Bearer not-the-token-at-all" },
      { Authorization: TOKEN },
    ];
    for (const headers of attempts) {
      const res = await fetch(`${server.url}/metrics`, { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      expect(await res.json()).toEqual({ message: "A valid metrics token is required" });
    }
  });

  test("404 when METRICS_TOKEN is not set: nothing is exposed", async () => {
    const env = testEnv();
    const app = createApp({
      database: server.deps.database,
      env,
      limits: createLimits(server.deps.database.db, 1),
      metrics: new Metrics(),
    });
    const res = await app.request("http://localhost/metrics", { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(404);
  });

  test("a METRICS_TOKEN shorter than 16 characters stops the server at start", () => {
    expect(() => testEnv({ METRICS_TOKEN: "short" })).toThrow("METRICS_TOKEN: must be at least 16 characters");
  });
});

describe("/metrics content (parsed strictly as Prometheus text)", () => {
  test("requests are counted and timed by route pattern and status, never by raw path", async () => {
    const golfer = await signUpAt(server.url, "Metric Mia");
    const challenge = await createChallenge(golfer.client);
    const before = await scrape();
    const labels = { method: "GET", route: "/api/challenges/:id", status: "200" };
    const count0 = sampleValue(before, "birdie_http_requests_total", labels) ?? 0;

    for (let i = 0; i < 3; i++) expect((await golfer.client.get(`/api/challenges/${challenge.id}`)).status).toBe(200);
    expect((await golfer.client.get("/api/challenges/999999999")).status).toBe(404);
    expect((await golfer.client.get("/trpc/auth.me")).status).toBe(200);

    const after = await scrape();
    expect(after.types.get("birdie_http_requests_total")).toBe("counter");
    expect(after.types.get("birdie_http_request_duration_seconds")).toBe("histogram");
    expect(sampleValue(after, "birdie_http_requests_total", labels)).toBe(count0 + 3);
    expect(sampleValue(after, "birdie_http_requests_total", { ...labels, status: "404" })).toBe(1);
    expect(sampleValue(after, "birdie_http_requests_total", { route: "/trpc/auth.me", status: "200" })).toBe(1);
    // The histogram counted the same requests; its +Inf bucket holds them all.
    expect(sampleValue(after, "birdie_http_request_duration_seconds_count", labels)).toBe(count0 + 3);
    expect(sampleValue(after, "birdie_http_request_duration_seconds_bucket", { ...labels, le: "+Inf" })).toBe(
      count0 + 3,
    );
    // No label value carries an id.
    const routes = new Set(after.samples.map((s) => s.labels.route).filter(Boolean));
    expect([...routes].filter((r) => /\d/.test(r))).toEqual([]);
  });

  test("open sockets, chat rooms and the listener", async () => {
    const golfer = await signUpAt(server.url, "Socket Sol");
    const challenge = await createChallenge(golfer.client);
    const idle = await scrape();
    expect(sampleValue(idle, "birdie_chat_listener_up")).toBe(1);
    const sockets0 = sampleValue(idle, "birdie_ws_open_sockets")!;
    const rooms0 = sampleValue(idle, "birdie_chat_rooms_open")!;

    const a = await TestSocket.open(server.url, golfer.cookie);
    const b = await TestSocket.open(server.url, golfer.cookie);
    expect((await a.join(challenge.id)).type).toBe("JOINED_CHALLENGE_CHAT");
    expect((await b.join(challenge.id)).type).toBe("JOINED_CHALLENGE_CHAT");
    const busy = await scrape();
    expect(sampleValue(busy, "birdie_ws_open_sockets")).toBe(sockets0 + 2);
    expect(sampleValue(busy, "birdie_chat_rooms_open")).toBe(rooms0 + 1);

    a.close();
    b.close();
    await a.closed;
    await b.closed;
    for (let i = 0; i < 50 && sampleValue(await scrape(), "birdie_ws_open_sockets") !== sockets0; i++)
      await Bun.sleep(20);
    const after = await scrape();
    expect(sampleValue(after, "birdie_ws_open_sockets")).toBe(sockets0);
    expect(sampleValue(after, "birdie_chat_rooms_open")).toBe(rooms0);
  });

  test("only metrics with real values: pool figures only where there is a pool (PostgreSQL), process figures", async () => {
    const exposition = await scrape();
    const usage = server.deps.database.poolUsage;
    expect(server.deps.database.kind === "postgres").toBe(usage !== undefined);
    const pool = ["birdie_db_pool_size", "birdie_db_pool_waiting"].map((name) => sampleValue(exposition, name));
    expect(pool).toEqual(usage ? [usage().size, 0] : [undefined, undefined]);
    expect(sampleValue(exposition, "birdie_process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(sampleValue(exposition, "birdie_process_cpu_seconds_total")).toBeGreaterThan(0);
  });
});

describe("the strict reader itself", () => {
  test.each([
    ["an undeclared family", "foo 1"],
    ["a malformed label", "# TYPE foo gauge\nfoo{a=b} 1"],
    ["a value that is not a number", "# TYPE foo gauge\nfoo one"],
    ["a stray comment", "# foo"],
  ])("rejects %s", (_, text) => {
    expect(() => parsePrometheusText(text)).toThrow();
  });
});

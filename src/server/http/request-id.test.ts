import { afterAll, afterEach, beforeAll, describe, expect, spyOn, test } from "bun:test";
import { Hono } from "hono";
import { createTestHarness, type TestHarness } from "../test/harness/harness";
import { logger } from "../lib/logger";
import { requestId } from "./request-id";

// Issue 20: every answer carries X-Request-Id and every log line written while answering carries
// the same id. An incoming id is kept only from our own proxy (TRUST_PROXY) and only when sane.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const NGINX_ID = "3f2b9c0d41e8a7b6c5d4e3f2a1b0c9d8";

describe("X-Request-Id on every answer of the app", () => {
  let direct: TestHarness;
  let proxied: TestHarness;
  beforeAll(async () => {
    direct = await createTestHarness();
    proxied = await createTestHarness({ env: { TRUST_PROXY: "true" } });
  });
  afterAll(async () => {
    await Promise.all([direct?.close(), proxied?.close()]);
  });
  const ask = (h: TestHarness, path: string, headers: Record<string, string> = {}) =>
    Promise.resolve(h.app.request(`http://localhost${path}`, { headers })).then((r) => r.headers.get("x-request-id"));

  test("our own id on API, tRPC, 404 and static answers; a new one per request", async () => {
    const ids = [
      await ask(direct, "/api/health"),
      await ask(direct, "/api/user"),
      await ask(direct, "/trpc/auth.me"),
      await ask(direct, "/api/nothing-here"),
      await ask(direct, "/favicon-that-does-not-exist.png"),
    ];
    for (const id of ids) expect(id).toMatch(UUID);
    expect((await direct.app.request("http://localhost/api/health")).status).toBe(200);
    expect(new Set(ids).size).toBe(ids.length);
  });

  test("without TRUST_PROXY an incoming id is ignored: anyone could choose what our logs show", async () => {
    const id = await ask(direct, "/api/health", { "X-Request-Id": NGINX_ID });
    expect(id).toMatch(UUID);
  });

  test("with TRUST_PROXY the proxy's id is kept, so its access log and ours name a request alike", async () => {
    expect(await ask(proxied, "/api/health", { "X-Request-Id": NGINX_ID })).toBe(NGINX_ID);
  });

  test.each([
    ["too short", "abc"],
    ["too long", "a".repeat(129)],
    ["spaces", "id with spaces 123"],
    ["a forged log line", 'x1234567"} {"level":"error'],
  ])("with TRUST_PROXY an insane id (%s) is replaced", async (_, incoming) => {
    expect(await ask(proxied, "/api/health", { "X-Request-Id": incoming })).toMatch(UUID);
  });
});

describe("log lines name the request they were written for", () => {
  const spy = spyOn(console, "error").mockImplementation(() => {});
  afterEach(() => spy.mockClear());

  test("a line written while answering carries the answer's id; one written outside carries none", async () => {
    const app = new Hono().use(requestId(false)).get("/work", async (c) => {
      await Bun.sleep(5);
      logger.error("while answering");
      return c.text("ok");
    });
    const [a, b] = await Promise.all([app.request("http://localhost/work"), app.request("http://localhost/work")]);
    logger.error("outside any request");
    const lines = spy.mock.calls.map(([line]) => JSON.parse(String(line)));
    const ids = lines.filter((l) => l.msg === "while answering").map((l) => l.requestId);
    expect(ids.sort()).toEqual([a.headers.get("x-request-id"), b.headers.get("x-request-id")].sort());
    expect(lines.find((l) => l.msg === "outside any request").requestId).toBeUndefined();
  });
});

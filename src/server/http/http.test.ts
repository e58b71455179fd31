import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { precompressDir } from "../../../scripts/precompress";
import { NUL_MESSAGE } from "../lib/validate";
import { startServer } from "../server";
import { createTestHarness, RestClient, type TestHarness, testEnv } from "../test/harness/harness";

let h: TestHarness;
let staticDir: string;
const BIG_SCRIPT = Array.from({ length: 400 }, (_, i) => `export const golfer${i} = "birdie ${i}";`).join("\n");
beforeAll(async () => {
  staticDir = mkdtempSync(join(tmpdir(), "birdie-static-"));
  mkdirSync(join(staticDir, "assets"));
  // Over 1 KB (like the real one), so the build step gives it compressed twins.
  writeFileSync(
    join(staticDir, "index.html"),
    `<!doctype html><title>Birdie Challenge</title><div id=root></div><!--${"pad ".repeat(300)}-->`,
  );
  writeFileSync(join(staticDir, "assets", "app-abc123.js"), "console.log('app')");
  writeFileSync(join(staticDir, "assets", "big-def456.js"), BIG_SCRIPT);
  precompressDir(staticDir);
  h = await createTestHarness({ env: { STATIC_DIR: staticDir } });
}, 120_000);
afterAll(() => h.close());

describe("static client and SPA fallback", () => {
  test("client routes get index.html, never cached", async () => {
    for (const path of ["/", "/challenges/12", "/auth?redirect=%2Fprofile", "/no/such/page"]) {
      const res = await h.app.request(`http://localhost${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/html");
      expect(await res.text()).toContain("Birdie Challenge");
    }
  });

  test("hashed assets are served with a long cache", async () => {
    const res = await h.app.request("http://localhost/assets/app-abc123.js");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("immutable");
  });

  test("scripts go out precompressed in the encoding the browser accepts, else as they are", async () => {
    const br = await h.app.request("http://localhost/assets/big-def456.js", {
      headers: { "Accept-Encoding": "gzip, deflate, br" },
    });
    expect(br.status).toBe(200);
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("content-type")).toContain("javascript");
    expect(br.headers.get("vary")).toContain("Accept-Encoding");
    expect(br.headers.get("cache-control")).toContain("immutable");
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(brBytes.length).toBeLessThan(BIG_SCRIPT.length / 3);
    expect(brotliDecompressSync(brBytes).toString()).toBe(BIG_SCRIPT);

    const gz = await h.app.request("http://localhost/assets/big-def456.js", { headers: { "Accept-Encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(BIG_SCRIPT);

    const page = await h.app.request("http://localhost/challenges/12", { headers: { "Accept-Encoding": "br" } });
    expect(page.headers.get("content-encoding")).toBe("br");
    expect(page.headers.get("content-type")).toContain("text/html");
    // The page names who is signed in (first paint): private to the browser, revalidated every time.
    expect(page.headers.get("cache-control")).toBe("private, no-cache");
    expect(brotliDecompressSync(Buffer.from(await page.arrayBuffer())).toString()).toContain("Birdie Challenge");

    const plain = await h.app.request("http://localhost/assets/big-def456.js");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(BIG_SCRIPT);
  });

  test("API, tRPC, ws and file paths never answer with HTML", async () => {
    const api = await h.app.request("http://localhost/api/nope");
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ message: "Not found" });
    const trpc = await h.app.request("http://localhost/trpc/nope.nothing");
    expect(trpc.status).toBe(404);
    expect(trpc.headers.get("content-type")).toContain("application/json");
    const ws = await h.app.request("http://localhost/ws/extra");
    expect(ws.status).toBe(404);
    expect(ws.headers.get("content-type")).not.toContain("text/html");
    const file = await h.app.request("http://localhost/assets/missing.js");
    expect(file.status).toBe(404);
    expect(file.headers.get("content-type") ?? "").not.toContain("text/html");
    const icon = await h.app.request("http://localhost/missing-icon.png");
    expect(icon.status).toBe(404);
  });

  test("a path with an encoded NUL is a 400 with a message, never a 500 (on a real server too)", async () => {
    const paths = ["/%00", "/ws%00", "/ws/%00", "/assets/x%00.js", "/assets/%00", "/index.html%00", "/x%00y"];
    for (const path of paths) {
      const res = await h.app.request(`http://localhost${path}`);
      expect({ path, status: res.status, body: await res.json() }).toEqual({
        path,
        status: 400,
        body: { message: NUL_MESSAGE },
      });
    }
    // Through Bun.serve, where /ws is routed before the app (the harness's database stays open).
    const server = await startServer(testEnv({ PORT: "0", STATIC_DIR: staticDir }), {
      database: { ...h.database, close: async () => {} },
    });
    try {
      for (const path of paths)
        expect({ path, status: (await fetch(server.url + path)).status }).toEqual({ path, status: 400 });
    } finally {
      await server.stop();
    }
  });

  test("every response carries the security headers", async () => {
    const res = await h.app.request("http://localhost/");
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("strict-transport-security")).toBeNull(); // not production
  });
});

describe("request body cap", () => {
  test("a body over 1 MB is refused with 413 { message } before any work", async () => {
    const big = JSON.stringify({ username: "x".repeat(1_200_000) });
    const res = await new RestClient(h.app).post("/api/login", big);
    expect(res.status).toBe(413);
    expect(res.json).toEqual({ message: "Request body is too large" });
  });
});

describe("GET /api/health", () => {
  test("answers ok after a real query, and 503 once the database is gone", async () => {
    const own = await createTestHarness();
    const ok = await own.app.request("http://localhost/api/health");
    expect(ok.status).toBe(200);
    // No chat listener runs behind app.request: "off", which is not a failure.
    expect(await ok.json()).toEqual({
      ok: true,
      db: own.database.kind,
      database: "up",
      pool: "up",
      listener: "off",
    });
    await own.close();
    const down = await own.app.request("http://localhost/api/health");
    expect(down.status).toBe(503);
    expect(await down.json()).toEqual({
      ok: false,
      db: own.database.kind,
      message: "Database unavailable",
      database: "down",
      pool: "down",
      listener: "off",
    });
  });
});

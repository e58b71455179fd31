import { afterAll, beforeAll, describe, expect, spyOn, test } from "bun:test";
import { logger } from "../lib/logger";
import { startServer } from "../server";
import {
  createTestDatabase,
  createTestHarness,
  RestClient,
  signUp,
  testEnv,
  type TestHarness,
} from "../test/harness/harness";
import { MISDIRECTED } from "./security";

// Issue 13 row 20: DNS rebinding. With PUBLIC_ORIGIN set, only its host names are served.
let h: TestHarness;
let proxied: TestHarness;
beforeAll(async () => {
  h = await createTestHarness({ env: { PUBLIC_ORIGIN: "https://birdie.example,http://localhost" } });
  proxied = await createTestHarness({
    database: h.database,
    env: { PUBLIC_ORIGIN: "https://birdie.example", TRUST_PROXY: "1" },
  });
}, 120_000);
afterAll(() => h.close());

const as = (host: string, extra: Record<string, string> = {}) => ({ Host: host, ...extra });

describe("PUBLIC_ORIGIN set: requests for other host names are refused (421)", () => {
  test("API, tRPC and pages named for another host get 421 { message }", async () => {
    const { client } = await signUp(h);
    for (const path of ["/api/user", "/trpc/auth.me", "/", "/challenges/1"]) {
      const res = await client.get(path, as("rebound.attacker.example"));
      expect(res.status).toBe(421);
      expect(res.json).toEqual({ message: MISDIRECTED });
    }
    // Writes too, even with an Origin that matches the forged Host (what a rebinding page sends).
    const write = await client.put(
      "/api/users/me",
      { displayName: "Pwned" },
      as("rebound.attacker.example", { Origin: "http://rebound.attacker.example" }),
    );
    expect(write.status).toBe(421);
    expect((await client.get("/api/user")).json.displayName).not.toBe("Pwned");
  });

  test("the configured hosts are served as usual; the health check answers any host", async () => {
    const { client } = await signUp(h);
    expect((await client.get("/api/user", as("birdie.example"))).status).toBe(200);
    expect((await client.get("/api/user", as("localhost"))).status).toBe(200);
    expect((await new RestClient(h.app).get("/api/health", as("10.0.0.7:3000"))).status).toBe(200);
  });

  test("behind a trusted proxy the forwarded host is the one checked", async () => {
    const client = new RestClient(proxied.app, "https://birdie.example");
    const ok = await client.get("/api/user", as("127.0.0.1:3000", { "X-Forwarded-Host": "birdie.example" }));
    expect(ok.status).toBe(401); // served (signed out), not refused
    const bad = await client.get("/api/user", as("127.0.0.1:3000", { "X-Forwarded-Host": "evil.example" }));
    expect(bad.status).toBe(421);
  });

  test("without PUBLIC_ORIGIN any host is served (development default)", async () => {
    const open = await createTestHarness({ database: h.database });
    expect((await new RestClient(open.app).get("/api/user", as("whatever.example"))).status).toBe(401);
  });

  test("the WebSocket upgrade is refused for another host too", async () => {
    const database = await createTestDatabase();
    const server = await startServer(testEnv({ PORT: "0", PUBLIC_ORIGIN: "https://birdie.example" }), { database });
    try {
      const res = await fetch(`${server.url}/ws`, {
        headers: { Origin: server.url, Upgrade: "websocket", Connection: "Upgrade" },
      });
      expect(res.status).toBe(421);
      expect(await res.json()).toEqual({ message: MISDIRECTED });
    } finally {
      await server.stop();
    }
  });
});

describe("start-up warning", () => {
  async function warningsAtStart(env: Record<string, string>) {
    const warn = spyOn(logger, "warn");
    const database = await createTestDatabase();
    const server = await startServer(testEnv({ PORT: "0", ...env }), { database });
    try {
      return warn.mock.calls.map((c) => String(c[0]));
    } finally {
      warn.mockRestore();
      await server.stop();
    }
  }

  test("production without PUBLIC_ORIGIN warns at start; with it, or outside production, it does not", async () => {
    const bare = await warningsAtStart({ NODE_ENV: "production" });
    expect(bare.filter((m) => m.includes("PUBLIC_ORIGIN"))).toHaveLength(1);
    const configured = await warningsAtStart({ NODE_ENV: "production", PUBLIC_ORIGIN: "https://birdie.example" });
    expect(configured.filter((m) => m.includes("PUBLIC_ORIGIN"))).toHaveLength(0);
    const development = await warningsAtStart({ NODE_ENV: "development" });
    expect(development.filter((m) => m.includes("PUBLIC_ORIGIN"))).toHaveLength(0);
  });
});

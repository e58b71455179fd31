import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestHarness, RestClient, signUp, type TestHarness } from "../../test/harness";
import { RateLimiter } from "../../lib/rate-limit";

let h: TestHarness;
beforeAll(async () => {
  h = await createTestHarness({ env: { RATE_LIMIT_SCALE: "1" } });
}, 120_000);
afterAll(() => h.close());

describe("RateLimiter", () => {
  test("allows `limit` hits per window, then reports seconds until the oldest expires", () => {
    const rl = new RateLimiter(3, 10_000);
    const t0 = 1_000_000;
    for (let i = 0; i < 3; i++) {
      expect(rl.retryAfter("k", t0 + i)).toBe(0);
      rl.hit("k", t0 + i);
    }
    expect(rl.retryAfter("k", t0 + 5)).toBe(10);
    expect(rl.retryAfter("other", t0 + 5)).toBe(0);
    expect(rl.retryAfter("k", t0 + 10_001)).toBe(0);
  });
});

describe("login rate limit", () => {
  test("after 5 failed logins for one username, even the right password gets 429 { message }", async () => {
    const { input } = await signUp(h);
    for (let i = 0; i < 5; i++) {
      const res = await new RestClient(h.app).post("/api/login", { username: input.username, password: "wrongpass" });
      expect(res.status).toBe(401);
    }
    const blocked = await new RestClient(h.app).post("/api/login", input);
    expect(blocked.status).toBe(429);
    expect(blocked.json).toEqual({ message: "Too many login attempts. Please wait a few minutes and try again." });
    expect(blocked.headers.get("retry-after")).toBeTruthy();
  });

  test("registrations per address are limited", async () => {
    let last = 0;
    for (let i = 0; i < 12; i++) {
      const res = await new RestClient(h.app).post("/api/register", {
        username: `flood_${i}`,
        displayName: "Flood",
        email: `flood_${i}@example.com`,
        password: "secret1",
      });
      last = res.status;
    }
    expect(last).toBe(429);
  });
});

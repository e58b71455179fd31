import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createApp } from "../../app";
import type { Database } from "../../db/client";
import { createLimits } from "../../lib/limits";
import { createTestHarness, openPeerDatabase, RestClient, signUp, type TestHarness } from "../../test/harness/harness";
import { TOO_MANY_LOGINS, TOO_MANY_SIGNUPS } from "./service";

// Production limits (RATE_LIMIT_SCALE 1). Addresses come from X-Forwarded-For (TRUST_PROXY=1),
// so one test can act from many addresses.
let h: TestHarness;
let peer: Database;
beforeAll(async () => {
  h = await createTestHarness({ env: { RATE_LIMIT_SCALE: "1", TRUST_PROXY: "1" } });
  peer = await openPeerDatabase(h.database);
}, 120_000);
afterAll(async () => {
  await peer.close();
  await h.close();
});

let addressSeq = 0;
/** A browser at its own address. */
const browserAt = (address = `198.51.100.${++addressSeq}`, app = h.app) => {
  const client = new RestClient(app);
  return {
    address,
    post: (path: string, body: unknown) => client.post(path, body, { "X-Forwarded-For": address }),
  };
};

describe("sign-in limits (issue 13 row 5)", () => {
  test("a wrong-password flood from one address stops that address, not the owner at another", async () => {
    const { input } = await signUp(h);
    const attacker = browserAt();
    for (let i = 0; i < 5; i++) {
      expect((await attacker.post("/api/login", { username: input.username, password: "wrongpass" })).status).toBe(401);
    }
    const blocked = await attacker.post("/api/login", input);
    expect(blocked.status).toBe(429);
    expect(blocked.json).toEqual({ message: TOO_MANY_LOGINS });
    expect(blocked.headers.get("retry-after")).toBeTruthy();

    const owner = await browserAt().post("/api/login", input);
    expect(owner.status).toBe(200);
    expect(owner.json.username).toBe(input.username);
  });

  test("failures from many addresses together never lock the owner out: at most they slow sign-in", async () => {
    const { input } = await signUp(h);
    // 4 addresses x 5 wrong passwords: twice the per-account slow-down threshold.
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        const attacker = browserAt();
        for (let i = 0; i < 5; i++)
          await attacker.post("/api/login", { username: input.username, password: "nope123" });
      }),
    );
    const owner = await browserAt().post("/api/login", input);
    expect(owner.status).toBe(200);
  });

  test("every attempt from one address counts: the 31st sign-in, to any accounts, is 429", async () => {
    const sprayer = browserAt();
    for (let i = 0; i < 30; i++) {
      const res = await sprayer.post("/api/login", { username: `nobody_${i}`, password: "guess123" });
      expect(res.status).toBe(401);
    }
    const blocked = await sprayer.post("/api/login", { username: "nobody_31", password: "guess123" });
    expect(blocked.status).toBe(429);
    expect(blocked.json).toEqual({ message: TOO_MANY_LOGINS });
  });

  test("a burst of parallel wrong passwords from one address gets no more than 5 checked", async () => {
    const { input } = await signUp(h);
    const attacker = browserAt();
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => attacker.post("/api/login", { username: input.username, password: "burst123" })),
    );
    expect(burst.filter((r) => r.status === 401)).toHaveLength(5);
    expect(burst.filter((r) => r.status === 429)).toHaveLength(15);
  });

  test("a correct password clears that address's failures for the account", async () => {
    const { input } = await signUp(h);
    const owner = browserAt();
    for (let i = 0; i < 4; i++) await owner.post("/api/login", { username: input.username, password: "typo1234" });
    expect((await owner.post("/api/login", input)).status).toBe(200);
    for (let i = 0; i < 4; i++) {
      expect((await owner.post("/api/login", { username: input.username, password: "typo1234" })).status).toBe(401);
    }
    expect((await owner.post("/api/login", input)).status).toBe(200);
  });

  test("two app instances on one database count together (shared limits)", async () => {
    const { input } = await signUp(h);
    const second = createApp({ ...h.deps, database: peer, limits: createLimits(peer.db, 1) });
    const address = "192.0.2.77";
    const onA = browserAt(address);
    const onB = browserAt(address, second);
    for (let i = 0; i < 5; i++) {
      const res = await (i % 2 ? onA : onB).post("/api/login", { username: input.username, password: "wrongpass" });
      expect(res.status).toBe(401);
    }
    expect((await onA.post("/api/login", input)).status).toBe(429);
    expect((await onB.post("/api/login", input)).status).toBe(429);
  });
});

describe("sign-up limits (issue 13 row 4)", () => {
  test("sign-ups refused for a taken name or e-mail count too: the 11th attempt is 429, not another 409", async () => {
    const { input } = await signUp(h);
    const prober = browserAt();
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) {
      const res = await prober.post("/api/register", {
        username: i % 2 ? input.username : `probe_${i}`,
        displayName: "Probe",
        email: i % 2 ? `probe_${i}@example.com` : input.email,
        password: "secret1",
      });
      statuses.push(res.status);
      if (res.status === 429) expect(res.json).toEqual({ message: TOO_MANY_SIGNUPS });
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(409));
    expect(statuses.slice(10)).toEqual(Array(15).fill(429));
    // Another address is unaffected.
    const other = await browserAt().post("/api/register", {
      username: input.username,
      displayName: "Probe",
      email: "other@example.com",
      password: "secret1",
    });
    expect(other.status).toBe(409);
  });

  test("successful sign-ups count as well", async () => {
    const flood = browserAt();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await flood.post("/api/register", {
        username: `flood_${i}`,
        displayName: "Flood",
        email: `flood_${i}@example.com`,
        password: "secret1",
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array(10).fill(201), 429, 429]);
  });

  test("form errors are answered before the limit and spend nothing", async () => {
    const typist = browserAt();
    for (let i = 0; i < 12; i++) {
      const res = await typist.post("/api/register", {
        username: "ab",
        displayName: "X",
        email: "x@y.z",
        password: "1",
      });
      expect(res.status).toBe(400);
    }
    const ok = await typist.post("/api/register", {
      username: `typist_${Date.now().toString(36)}`,
      displayName: "Typist",
      email: `typist_${Date.now().toString(36)}@example.com`,
      password: "secret1",
    });
    expect(ok.status).toBe(201);
  });
});

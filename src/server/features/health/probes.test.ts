import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createApp } from "../../app";
import { type Database, openDatabase } from "../../db/client";
import type { AppDeps } from "../../deps";
import { createLimits } from "../../lib/limits";
import { createTestDatabase, testEnv } from "../../test/harness/harness";

// Issue 20: /api/health/live (the process answers, nothing else) and /api/health/ready (pool,
// chat listener, migrations, and parts later work registers, such as the job queue).

let database: Database;
/** A database that was opened and closed: every query fails, as when it is gone. */
let gone: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  gone = await openDatabase({});
  await gone.close();
});
afterAll(async () => {
  await database?.close();
});

function appWith(db: Database, extra: Partial<AppDeps> = {}) {
  const env = testEnv();
  return createApp({ database: db, env, limits: createLimits(db.db, env.RATE_LIMIT_SCALE), ...extra });
}

async function get(app: ReturnType<typeof createApp>, path: string) {
  const res = await app.request(`http://localhost${path}`);
  return { status: res.status, cache: res.headers.get("cache-control"), body: await res.json() };
}

describe("GET /api/health/live", () => {
  test("200 while the database is gone: a database outage must not get the process restarted", async () => {
    const res = await get(appWith(gone), "/api/health/live");
    expect(res).toEqual({ status: 200, cache: "no-store", body: { ok: true } });
  });
});

describe("GET /api/health/ready", () => {
  test("200 naming each part when the pool answers, migrations are applied and the listener is up", async () => {
    const res = await get(appWith(database, { listener: { isListening: () => true } }), "/api/health/ready");
    expect(res).toEqual({
      status: 200,
      cache: "no-store",
      body: { ok: true, pool: "up", migrations: "up", listener: "up" },
    });
  });

  test("listener off where the process runs none (app.request tests)", async () => {
    expect((await get(appWith(database), "/api/health/ready")).body).toEqual({
      ok: true,
      pool: "up",
      migrations: "up",
      listener: "off",
    });
  });

  test("503 naming the listener when LISTEN is lost", async () => {
    const res = await get(appWith(database, { listener: { isListening: () => false } }), "/api/health/ready");
    expect(res.status).toBe(503);
    expect(res.body).toEqual({
      ok: false,
      message: "Not ready: listener",
      pool: "up",
      migrations: "up",
      listener: "down",
    });
  });

  test("503 naming migrations on a database this release has not migrated", async () => {
    const empty = await openDatabase({});
    try {
      const res = await get(appWith(empty), "/api/health/ready");
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        ok: false,
        message: "Not ready: migrations",
        pool: "up",
        migrations: "down",
        listener: "off",
      });
    } finally {
      await empty.close();
    }
  });

  test("503 naming pool and migrations when the database is gone", async () => {
    const res = await get(appWith(gone), "/api/health/ready");
    expect(res.status).toBe(503);
    expect(res.body.message).toBe("Not ready: pool, migrations");
  });

  test("a part registered by later work (the job queue) is asked too, and a throwing one reads as down", async () => {
    let polling = false;
    const app = appWith(database, {
      readiness: [
        { name: "jobs", ready: () => polling },
        {
          name: "mail",
          ready: () => {
            throw new Error("smtp unreachable");
          },
        },
      ],
    });
    const down = await get(app, "/api/health/ready");
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ message: "Not ready: jobs, mail", jobs: "down", mail: "down" });
    polling = true;
    expect((await get(app, "/api/health/ready")).body).toMatchObject({ jobs: "up", mail: "down" });
  });

  test("/api/health keeps its shape", async () => {
    expect((await get(appWith(database), "/api/health")).body).toEqual({
      ok: true,
      db: database.kind,
      database: "up",
      pool: "up",
      listener: "off",
    });
  });
});

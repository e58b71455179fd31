import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, type Database } from "../../db/client";
import { FRESH_WITHIN_MS } from "../../auth/session-cache";
import { migrateDatabase } from "../../db/migrate";
import { rows } from "../../db/raw";
import { startServer, type RunningServer } from "../../server";
import { createChallenge } from "../harness/challenge-fixtures";
import { createTestDatabase, testEnv } from "../harness/harness";
import { TcpProxy } from "../harness/tcp-proxy";
import { signUpAt } from "../harness/test-socket";

// The database goes away under a steady request stream (issue 9, "Faults"):
//   - requests answer 503 with a message within 1 s, nothing hangs, /api/health says 503 (a read
//     the read cache answers while its listener is still proven current may answer 200: ADR 0056);
//   - the server serves again within 5 s of the database coming back;
//   - every record acknowledged with a 2xx is in the database.
// And SIGTERM under a request stream: in-flight requests finish, the process exits 0 within 10 s.
//
// With TEST_DATABASE_URL (PostgreSQL) the server reaches its own test database through a TCP
// proxy run here, which either resets every connection and refuses new ones (a stop or restart)
// or silently holds every byte (a partition); the PostgreSQL service itself is never touched.
// Without it (PGlite), the in-process database is closed under the stream: the same 503 and
// durability checks, but no "comes back" (a closed PGlite cannot reopen inside a running server).
// Only the issue's deadlines are asserted, never other timings.

const postgresUrl = process.env.TEST_DATABASE_URL;
const ANSWER_WITHIN_MS = 1_000;
const RECOVER_WITHIN_MS = 5_000;
const EXIT_WITHIN_MS = 10_000;

type Sample = {
  i: number;
  kind: "record" | "read";
  start: number;
  end: number;
  status: number;
  message?: string;
  recordId?: number;
  error?: string;
};

/**
 * Fires one request every `everyMs` (a write, then a read, alternating) until stop(); each has
 * its own 10 s timeout, so `done` always settles: a request that needs it counts as a hang.
 */
function requestStream(origin: string, cookie: string, challengeId: number, everyMs = 25) {
  const samples: Sample[] = [];
  const inFlight = new Set<Promise<void>>();
  let stopped = false;
  const today = new Date().toISOString().slice(0, 10);
  const fire = (i: number) => {
    const kind = i % 2 === 0 ? "record" : "read";
    const start = performance.now();
    const init: RequestInit =
      kind === "record"
        ? {
            method: "POST",
            headers: { Origin: origin, Cookie: cookie, "Content-Type": "application/json" },
            body: JSON.stringify({
              challengeId,
              holeNumber: 1 + (i % 18),
              score: 3,
              date: today,
              verifiedBy: { name: "Pat Partner", signature: "pat" },
            }),
          }
        : { headers: { Cookie: cookie } };
    const url = kind === "record" ? `${origin}/api/birdies` : `${origin}/api/challenges/${challengeId}/chat`;
    const p = fetch(url, { ...init, signal: AbortSignal.timeout(10_000) })
      .then(async (res) => {
        const text = await res.text();
        let json: { message?: string; id?: number } = {};
        try {
          json = JSON.parse(text);
        } catch {}
        samples.push({
          i,
          kind,
          start,
          end: performance.now(),
          status: res.status,
          message: json.message,
          recordId: kind === "record" && res.ok ? json.id : undefined,
        });
      })
      .catch((err: Error) => {
        samples.push({
          i,
          kind,
          start,
          end: performance.now(),
          status: 0,
          error: err.name === "TimeoutError" ? "hang (10 s timeout)" : String(err.message),
        });
      })
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  };
  const done = (async () => {
    // Bounded: at most 2,000 requests (50 s at the default pace).
    for (let i = 0; i < 2_000 && !stopped; i++) {
      fire(i);
      await Bun.sleep(everyMs);
    }
    await Promise.allSettled([...inFlight]);
  })();
  return {
    samples,
    stop: async () => {
      stopped = true;
      await done;
      return samples.sort((a, b) => a.i - b.i);
    },
  };
}

async function waitFor(check: () => boolean, timeoutMs: number) {
  const until = performance.now() + timeoutMs;
  while (performance.now() < until) {
    if (check()) return true;
    await Bun.sleep(20);
  }
  return check();
}

async function timedHealth(origin: string) {
  const start = performance.now();
  const res = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(10_000) });
  const body = (await res.json()) as { ok: boolean; message?: string };
  return { status: res.status, ms: performance.now() - start, body };
}

/** Asks /api/health until it says 200 or `deadline` (a performance.now() time) passes. */
async function waitForHealthy(origin: string, deadline: number): Promise<number> {
  for (;;) {
    const { status } = await timedHealth(origin);
    if (status === 200 || performance.now() > deadline) return status;
    await Bun.sleep(100);
  }
}

/** Records acknowledged with a 2xx that the database does not have (expected: none). */
async function missingRecords(database: Database, samples: Sample[]): Promise<number[]> {
  const acked = samples.filter((s) => s.kind === "record" && s.recordId !== undefined).map((s) => s.recordId!);
  if (!acked.length) return [];
  const found = await rows<{ id: number }>(
    database.db,
    sql`select id from birdie_records where id in (${sql.join(
      acked.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  const have = new Set(found.map((r) => Number(r.id)));
  return acked.filter((id) => !have.has(id));
}

/** A golfer with an active challenge that allows multiple birdies (every record is valid). */
async function golferWithChallenge(origin: string) {
  const golfer = await signUpAt(origin, "Faulty Fiona");
  const challenge = await createChallenge(golfer.client, { allowMultipleBirdies: true });
  return { cookie: golfer.cookie, challengeId: challenge.id as number };
}

/** Checks shared by every outage: what happened between `brokeAt` and `restoredAt`. */
function expectOutageAnswers(samples: Sample[], brokeAt: number, restoredAt: number) {
  expect(samples.filter((s) => s.status === 0)).toEqual([]); // no hang, no dropped connection to us
  const before = samples.filter((s) => s.end < brokeAt);
  expect(before.length).toBeGreaterThan(10);
  expect(before.filter((s) => s.status >= 300)).toEqual([]);
  // In flight when the database went: answered within 1 s of it, one way or the other.
  for (const s of samples.filter((s) => s.start < brokeAt && s.end > brokeAt))
    expect(s.end - brokeAt).toBeLessThan(ANSWER_WITHIN_MS);
  // Sent while it was gone (and too early for the restore to rescue them): 503 + message, in < 1 s.
  // One exception (ADR 0056): a read the process's cache can answer while its listener is still
  // proven current - sent within FRESH_WITHIN_MS of the break - may answer 200 from the cache,
  // as it would with the database up. A write never; a read after that window never.
  const during = samples.filter((s) => s.start >= brokeAt && s.start < restoredAt - ANSWER_WITHIN_MS);
  expect(during.length).toBeGreaterThan(10);
  expect(during.filter((s) => s.kind === "read" && s.start >= brokeAt + FRESH_WITHIN_MS).length).toBeGreaterThan(3);
  for (const s of during) {
    const cachedReadMayAnswer = s.kind === "read" && s.start < brokeAt + FRESH_WITHIN_MS && s.status === 200;
    if (cachedReadMayAnswer) continue;
    expect({ i: s.i, kind: s.kind, status: s.status }).toEqual({ i: s.i, kind: s.kind, status: 503 });
    expect(s.message).toBeString();
    expect(s.message!.length).toBeGreaterThan(0);
    expect(s.end - s.start).toBeLessThan(ANSWER_WITHIN_MS);
  }
}

if (postgresUrl) {
  describe("database faults (PostgreSQL through a TCP proxy)", () => {
    let direct: Database; // the test's own connection, straight to the test database
    let server: RunningServer;
    let proxy: TcpProxy;
    let golfer: { cookie: string; challengeId: number };

    beforeAll(async () => {
      direct = await createTestDatabase();
      const [{ name }] = await rows<{ name: string }>(direct.db, sql`select current_database() as name`);
      const url = new URL(postgresUrl);
      url.pathname = `/${name}`;
      proxy = new TcpProxy({ hostname: url.hostname, port: Number(url.port || 5432) }).start();
      const proxied = await openDatabase({ url: proxy.urlFor(url.toString()), max: 5 });
      server = await startServer(testEnv({ PORT: "0" }), { database: proxied });
      golfer = await golferWithChallenge(server.url);
    }, 120_000);

    afterAll(async () => {
      await server?.stop();
      proxy?.stop();
      await direct?.close();
    }, 120_000);

    for (const fault of ["cut", "freeze"] as const) {
      const what =
        fault === "cut"
          ? "connections reset, new ones refused (a stop or restart)"
          : "every byte held, nothing closed (a partition)";
      test(`${what}: 503 within 1 s, health 503, serving again within 5 s of the return, no acknowledged record lost`, async () => {
        const stream = requestStream(server.url, golfer.cookie, golfer.challengeId);
        await Bun.sleep(1_000);
        await waitFor(() => stream.samples.filter((s) => s.status >= 200 && s.status < 300).length >= 15, 10_000);

        const brokeAt = performance.now();
        proxy[fault]();
        const health = await timedHealth(server.url);
        await Bun.sleep(2_500);

        const restoredAt = performance.now();
        proxy.restore();
        const back = await waitFor(
          () => stream.samples.some((s) => s.start >= restoredAt && s.status >= 200 && s.status < 300),
          RECOVER_WITHIN_MS + 3_000,
        );
        await Bun.sleep(500);
        const samples = await stream.stop();

        expect(proxy.accepted).toBeGreaterThan(0); // the server's traffic really goes through the proxy
        expect(health.status).toBe(503);
        expect(health.body.message).toBe("Database unavailable");
        expect(health.ms).toBeLessThan(ANSWER_WITHIN_MS);
        expectOutageAnswers(samples, brokeAt, restoredAt);

        if (process.env.FAULTS_VERBOSE) {
          const during = samples.filter((s) => s.start >= brokeAt && s.start < restoredAt - ANSWER_WITHIN_MS);
          console.log(fault, {
            health,
            maxDuringMs: Math.max(...during.map((s) => s.end - s.start)),
            statuses: [...new Set(samples.map((s) => s.status))],
            firstOkAfterRestoreMs: Math.min(
              ...samples.filter((s) => s.start >= restoredAt && s.status < 300).map((s) => s.end - restoredAt),
            ),
          });
        }
        expect(back).toBe(true);
        const firstOk = samples
          .filter((s) => s.start >= restoredAt && s.status >= 200 && s.status < 300)
          .sort((a, b) => a.end - b.end)[0];
        expect(firstOk.end - restoredAt).toBeLessThan(RECOVER_WITHIN_MS);
        // Health covers the pool and the chat listener too: all of it back within 5 s.
        const healthy = await waitForHealthy(server.url, restoredAt + RECOVER_WITHIN_MS);
        expect(healthy).toBe(200);

        expect(samples.filter((s) => s.recordId !== undefined && s.end > restoredAt).length).toBeGreaterThan(0);
        expect(await missingRecords(direct, samples)).toEqual([]);
      }, 60_000);
    }
  });
} else {
  describe("database faults (PGlite: the database is closed under load)", () => {
    let dataDir: string;
    let database: Database;
    let server: RunningServer;
    let golfer: { cookie: string; challengeId: number };

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), "birdie-faults-"));
      database = await openDatabase({ dataDir });
      await migrateDatabase(database);
      server = await startServer(testEnv({ PORT: "0" }), { database });
      golfer = await golferWithChallenge(server.url);
    }, 120_000);

    afterAll(async () => {
      await server?.stop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    }, 120_000);

    test("503 within 1 s, health 503, nothing hangs; every acknowledged record is on disk", async () => {
      const stream = requestStream(server.url, golfer.cookie, golfer.challengeId);
      // A busy machine makes PGlite slow: break it once the stream has been served a while.
      await waitFor(() => stream.samples.filter((s) => s.status >= 200 && s.status < 300).length >= 15, 15_000);
      const brokeAt = performance.now();
      await database.close();
      const health = await timedHealth(server.url);
      await Bun.sleep(2_000);
      const samples = await stream.stop();

      expect(health.status).toBe(503);
      expect(health.ms).toBeLessThan(ANSWER_WITHIN_MS);
      expectOutageAnswers(samples, brokeAt, Infinity);

      await server.stop();
      const reopened = await openDatabase({ dataDir });
      try {
        expect(samples.filter((s) => s.recordId !== undefined).length).toBeGreaterThan(5);
        expect(await missingRecords(reopened, samples)).toEqual([]);
      } finally {
        await reopened.close();
      }
    }, 60_000);
  });
}

// ---- SIGTERM under a request stream ------------------------------------------------------------

type Raw = { i: number; acceptedAt: number; end: number; status: number; recordId?: number; error?: string };

/**
 * POST over a raw HTTP/1.1 connection with `Expect: 100-continue`; `r.acceptedAt` is when the
 * server's 100 Continue arrived (Bun sends it once it has parsed the request), after which the
 * body goes out in pieces over ~500 ms. Bounded by a 15 s timeout ("hang").
 */
function rawSlowPost(port: number, path: string, headers: Record<string, string>, body: string, r: Raw): Promise<void> {
  return new Promise<void>((resolve) => {
    let buffer = "";
    let settled = false;
    const finish = (patch: Partial<Raw>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      Object.assign(r, { end: performance.now(), ...patch });
      resolve();
    };
    const timer = setTimeout(() => finish({ error: "hang" }), 15_000);
    const bytes = new TextEncoder().encode(body);
    const sendBody = async (socket: { write(d: Uint8Array): number }) => {
      const parts = 5;
      const size = Math.ceil(bytes.length / parts);
      for (let k = 0; k < parts && !settled; k++) {
        await Bun.sleep(100);
        socket.write(bytes.subarray(k * size, (k + 1) * size));
      }
    };
    const parse = () => {
      // Skip interim 1xx responses; the final one ends with its Content-Length body.
      let rest = buffer;
      for (;;) {
        const headEnd = rest.indexOf("\r\n\r\n");
        if (headEnd < 0) return;
        const head = rest.slice(0, headEnd);
        const status = Number(head.slice(9, 12));
        if (status >= 100 && status < 200) {
          if (r.acceptedAt === Infinity) r.acceptedAt = performance.now();
          rest = rest.slice(headEnd + 4);
          continue;
        }
        const length = Number(head.match(/content-length:\s*(\d+)/i)?.[1] ?? 0);
        const payload = rest.slice(headEnd + 4);
        if (payload.length < length) return;
        let id: number | undefined;
        try {
          id = JSON.parse(payload.slice(0, length)).id;
        } catch {}
        return finish({ status, recordId: status >= 200 && status < 300 ? id : undefined });
      }
    };
    let continued = false;
    Bun.connect({
      hostname: "127.0.0.1",
      port,
      socket: {
        open(socket) {
          const lines = [
            `POST ${path} HTTP/1.1`,
            `Host: 127.0.0.1:${port}`,
            "Content-Type: application/json",
            `Content-Length: ${bytes.length}`,
            "Expect: 100-continue",
            "Connection: close",
          ];
          for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
          socket.write(`${lines.join("\r\n")}\r\n\r\n`);
        },
        data(socket, data) {
          buffer += new TextDecoder().decode(data);
          parse();
          if (!continued && r.acceptedAt !== Infinity && !settled) {
            continued = true;
            void sendBody(socket);
          }
        },
        close() {
          finish({ error: r.status ? undefined : "connection closed before an answer" });
        },
        error(_socket, err) {
          finish({ error: String(err) });
        },
      },
    }).catch((err) => finish({ error: `not accepted: ${String(err?.code ?? err)}` }));
  });
}

describe(`SIGTERM under load (${postgresUrl ? "PostgreSQL" : "PGlite"})`, () => {
  test("every request in flight at the signal finishes with 2xx, nothing hangs, exit 0 within 10 s, acknowledged records kept", async () => {
    const port = 20000 + Math.floor(Math.random() * 20000);
    const dataDir = mkdtempSync(join(tmpdir(), "birdie-sigterm-"));
    const env: Record<string, string> = {
      ...(process.env as Record<string, string>),
      PORT: String(port),
      NODE_ENV: "test",
      RATE_LIMIT_SCALE: "100",
      DATA_DIR: dataDir,
    };
    delete env.TEST_DATABASE_URL;
    let direct: Database | undefined;
    if (postgresUrl) {
      direct = await createTestDatabase();
      const [{ name }] = await rows<{ name: string }>(direct.db, sql`select current_database() as name`);
      const url = new URL(postgresUrl);
      url.pathname = `/${name}`;
      env.DATABASE_URL = url.toString();
    } else {
      delete env.DATABASE_URL;
    }
    const child = Bun.spawn(["bun", resolve(import.meta.dir, "../../index.ts")], {
      env,
      stdout: "ignore",
      stderr: "inherit",
    });
    const origin = `http://127.0.0.1:${port}`;
    try {
      const started = performance.now();
      while (
        !(await fetch(`${origin}/api/health`)
          .then((r) => r.ok)
          .catch(() => false))
      ) {
        if (performance.now() - started > 60_000) throw new Error("server did not start");
        await Bun.sleep(200);
      }
      const { cookie, challengeId } = await golferWithChallenge(origin);
      const today = new Date().toISOString().slice(0, 10);

      // Each record request is sent over a raw connection with `Expect: 100-continue`: the
      // server's "100 Continue" proves it has taken the request (parsed it, handler started), so
      // "in flight at the signal" is known, not guessed; the body then trickles in over ~500 ms.
      // One starts every 40 ms.
      const results: Raw[] = [];
      const pending = new Set<Promise<void>>();
      let i = 0;
      const streamUntil = async (t: number) => {
        while (performance.now() < t && i < 2_000) {
          const body = JSON.stringify({
            challengeId,
            holeNumber: 1 + (i % 18),
            score: 3,
            date: today,
            verifiedBy: { name: "Pat", signature: "pat" },
          });
          const r: Raw = { i: i++, acceptedAt: Infinity, end: 0, status: 0 };
          results.push(r);
          const p = rawSlowPost(port, "/api/birdies", { Origin: origin, Cookie: cookie }, body, r).finally(() =>
            pending.delete(p),
          );
          pending.add(p);
          await Bun.sleep(40);
        }
      };
      await streamUntil(performance.now() + 1_500);
      const signalAt = performance.now();
      child.kill("SIGTERM");
      // Keep sending for a while: those meet a closing server (refused or answered), never a hang.
      await streamUntil(performance.now() + 500);
      const exitCode = await child.exited;
      const exitedAt = performance.now();
      await Promise.allSettled([...pending]);

      expect(exitCode).toBe(0);
      expect(exitedAt - signalAt).toBeLessThan(EXIT_WITHIN_MS);
      // Taken by the server before the signal and not answered yet: in flight, so they must
      // complete, and successfully.
      const inFlight = results.filter((r) => r.acceptedAt < signalAt && (r.end === 0 || r.end > signalAt));
      expect(inFlight.length).toBeGreaterThanOrEqual(3);
      const relative = (r: Raw) => ({
        i: r.i,
        status: r.status,
        error: r.error,
        acceptedMsBeforeSignal: Math.round(signalAt - r.acceptedAt),
        endMsAfterSignal: Math.round(r.end - signalAt),
      });
      expect(inFlight.filter((r) => r.status !== 201).map(relative)).toEqual([]);
      expect(results.filter((r) => r.error === "hang").map(relative)).toEqual([]);
      expect(results.filter((r) => r.status >= 500).map(relative)).toEqual([]);

      // Everything acknowledged is in the database.
      const acked = results.filter((r) => r.recordId !== undefined);
      expect(acked.length).toBeGreaterThan(10);
      const check = direct ?? (await openDatabase({ dataDir }));
      try {
        expect(
          await missingRecords(
            check,
            acked.map((r) => ({
              i: r.i,
              kind: "record" as const,
              start: 0,
              end: r.end,
              status: r.status,
              recordId: r.recordId,
            })),
          ),
        ).toEqual([]);
      } finally {
        if (!direct) await check.close();
      }
    } finally {
      child.kill("SIGKILL");
      await direct?.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

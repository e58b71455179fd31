import { afterAll, expect, test } from "bun:test";
import { type ChildServer, spawnServer } from "../harness/child-server";
import { createFreshDatabase, type FreshDatabase } from "../harness/fresh-database";

// Issue 20: three instances started at the same moment on an empty database (docker compose
// --scale, a rollout, a process manager) each ran the migrations at once, and two of three died
// ("Failed to start: Failed query: CREATE TABLE ..."). Migrations now run under a PostgreSQL
// advisory lock: the others wait, then find nothing to do. PostgreSQL only (*.pg-test.ts).

if (!process.env.TEST_DATABASE_URL) throw new Error("concurrent-start.pg-test.ts needs TEST_DATABASE_URL");

const INSTANCES = 3;
let fresh: FreshDatabase | undefined;
const servers: ChildServer[] = [];

afterAll(async () => {
  await Promise.all(servers.map((s) => s.stop()));
  await fresh?.drop();
}, 60_000);

test("three servers started at once on an empty database all migrate, start and become ready", async () => {
  fresh = await createFreshDatabase();
  for (let i = 0; i < INSTANCES; i++) servers.push(spawnServer({ DATABASE_URL: fresh.url }));

  const outcomes = await Promise.allSettled(servers.map((s) => s.ready));
  const failures = outcomes.flatMap((o, i) =>
    o.status === "rejected" ? [`instance ${i}: ${servers[i].output()}`] : [],
  );
  expect(failures).toEqual([]);

  for (const outcome of outcomes) {
    const origin = (outcome as PromiseFulfilledResult<string>).value;
    const ready = await fetch(`${origin}/api/health/ready`);
    expect(ready.status).toBe(200);
    // Each instance serves the migrated schema: a sign-up writes to the tables the others created.
    const res = await fetch(`${origin}/api/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: origin },
      body: JSON.stringify({
        username: `start_${Math.random().toString(36).slice(2, 10)}`,
        displayName: "Start Sam",
        email: `start_${Math.random().toString(36).slice(2, 10)}@example.com`,
        password: "birdie123",
      }),
    });
    expect(res.status).toBe(201);
  }
}, 120_000);

test("`bun run db:migrate` run twice at once on an empty database: both succeed and a server then finds the schema ready", async () => {
  const db = await createFreshDatabase();
  try {
    const run = () =>
      Bun.spawn(["bun", "run", "db:migrate"], {
        env: { ...(process.env as Record<string, string>), DATABASE_URL: db.url, TEST_DATABASE_URL: "" },
        stdout: "pipe",
        stderr: "pipe",
      });
    const runs = [run(), run()];
    const codes = await Promise.all(runs.map((r) => r.exited));
    const outputs = await Promise.all(
      runs.map(async (r) => (await new Response(r.stdout).text()) + (await new Response(r.stderr).text())),
    );
    expect({ codes, outputs }).toEqual({ codes: [0, 0], outputs: [expect.any(String), expect.any(String)] });
    for (const output of outputs) expect(output).toContain("Migrations applied (database: postgres)");
    const server = spawnServer({ DATABASE_URL: db.url });
    servers.push(server);
    const origin = await server.ready;
    expect((await fetch(`${origin}/api/health/ready`)).status).toBe(200);
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
    await db.drop();
  }
}, 120_000);

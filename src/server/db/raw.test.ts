import { afterAll, beforeAll, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { createTestDatabase } from "../test/harness/harness";
import type { Database } from "./client";
import { rows, statement } from "./raw";
import { jobs } from "./schema/jobs";

// statement() (issue 19, session 17): SQL built once, run with placeholder values on any handle.
// On PGlite by default and on PostgreSQL under TEST_DATABASE_URL (the two drivers answer apart).

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(() => database?.close());

const addJob = statement<{ id: number; kind: string; payload: unknown }>(sql`
  insert into ${jobs} (kind, payload) values (${sql.placeholder("kind")}, ${sql.placeholder("payload")}::jsonb)
  returning id::int as id, kind, payload`);
const countKind = statement<{ n: number }>(
  sql`select count(*)::int as n from ${jobs} where kind = ${sql.placeholder("kind")}`,
);

test("answers as rows() does, with each run's own values", async () => {
  const a = await addJob(database.db, { kind: "raw-test.a", payload: JSON.stringify({ n: 1 }) });
  const b = await addJob(database.db, { kind: "raw-test.b", payload: JSON.stringify({ n: 2 }) });
  expect(a).toEqual([{ id: expect.any(Number), kind: "raw-test.a", payload: { n: 1 } }]);
  expect(b[0]).toMatchObject({ kind: "raw-test.b", payload: { n: 2 } });
  expect(b[0].id).toBeGreaterThan(a[0].id);
  const viaRows = await rows<{ n: number }>(
    database.db,
    sql`select count(*)::int as n from ${jobs} where kind = ${"raw-test.a"}`,
  );
  expect(await countKind(database.db, { kind: "raw-test.a" })).toEqual(viaRows);
  expect(viaRows).toEqual([{ n: 1 }]);
});

test("runs on the transaction it is given: rolled back with it, unseen outside it until then", async () => {
  const kind = "raw-test.tx";
  await database.db
    .transaction(async (tx) => {
      await addJob(tx, { kind, payload: "{}" });
      expect(await countKind(tx, { kind })).toEqual([{ n: 1 }]);
      throw new Error("roll back");
    })
    .catch((err: Error) => expect(err.message).toBe("roll back"));
  expect(await countKind(database.db, { kind })).toEqual([{ n: 0 }]);
});

test("a missing placeholder value is refused before anything runs", async () => {
  await expect(countKind(database.db, {})).rejects.toThrow('No value for placeholder "kind"');
});

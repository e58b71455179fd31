import { afterAll, beforeAll, expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import { createTestDatabase } from "../test/harness/harness";
import type { Database, Db } from "./client";
import { prepared } from "./prepared";
import { jobs } from "./schema/jobs";

// prepared() (issue 19, ADR 0058): a query-builder query built once, reused on every handle,
// transactions included. On PGlite by default and on PostgreSQL under TEST_DATABASE_URL.

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
}, 60_000);
afterAll(() => database?.close());

let builds = 0;
const addJob = (db: Db, kind: string, runAt: Date) =>
  prepared(db, "prepared_test_add_job", (d) => {
    builds++;
    return d
      .insert(jobs)
      .values({ kind: sql.placeholder("kind"), payload: sql.placeholder("payload"), runAt: sql.placeholder("runAt") })
      .returning({ id: jobs.id, kind: jobs.kind, payload: jobs.payload, runAt: jobs.runAt });
  }).execute({ kind, payload: { kind, n: 1 }, runAt });
const jobsOfKind = (db: Db, kind: string) =>
  prepared(db, "prepared_test_jobs_of_kind", (d) => {
    builds++;
    return d
      .select({ id: jobs.id, payload: jobs.payload, runAt: jobs.runAt })
      .from(jobs)
      .where(eq(jobs.kind, sql.placeholder("kind")));
  }).execute({ kind });

test("built once: a transaction reuses the text and maps rows as the builder does (columns encoded and decoded)", async () => {
  const at = new Date("2026-11-28T10:00:00.000Z");
  // First built inside a transaction, then run outside it and in another transaction.
  const first = await database.db.transaction((tx) => addJob(tx, "prepared-test.a", at));
  const second = await addJob(database.db, "prepared-test.b", at);
  const third = await database.db.transaction((tx) => addJob(tx, "prepared-test.c", at));
  expect(builds).toBe(1);
  expect(first).toEqual([
    { id: expect.any(Number), kind: "prepared-test.a", payload: { kind: "prepared-test.a", n: 1 }, runAt: at },
  ]);
  expect(second[0]).toMatchObject({ kind: "prepared-test.b", payload: { kind: "prepared-test.b", n: 1 } });
  expect(third[0].runAt).toBeInstanceOf(Date);
  expect(third[0].runAt.getTime()).toBe(at.getTime());
  expect(await jobsOfKind(database.db, "prepared-test.c")).toEqual([
    { id: third[0].id, payload: { kind: "prepared-test.c", n: 1 }, runAt: at },
  ]);
});

test("runs on the transaction it is given: rolled back with it", async () => {
  const kind = "prepared-test.rollback";
  await database.db
    .transaction(async (tx) => {
      await addJob(tx, kind, new Date());
      expect(await jobsOfKind(tx, kind)).toHaveLength(1);
      throw new Error("roll back");
    })
    .catch((err: Error) => expect(err.message).toBe("roll back"));
  expect(await jobsOfKind(database.db, kind)).toEqual([]);
});

test("each handle runs its own values; a missing one is refused", async () => {
  const [a, b] = await Promise.all([
    database.db.transaction((tx) => jobsOfKind(tx, "prepared-test.a")),
    database.db.transaction((tx) => jobsOfKind(tx, "prepared-test.b")),
  ]);
  expect(a.map((r) => (r.payload as { kind: string }).kind)).toEqual(["prepared-test.a"]);
  expect(b.map((r) => (r.payload as { kind: string }).kind)).toEqual(["prepared-test.b"]);
  await expect(
    database.db.transaction((tx) =>
      prepared<{ prepare(name: string): { execute(values: object): Promise<unknown> } }>(
        tx,
        "prepared_test_jobs_of_kind",
        () => {
          throw new Error("not built again");
        },
      ).execute({}),
    ),
  ).rejects.toThrow('No value for placeholder "kind"');
});

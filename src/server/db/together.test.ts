import { afterAll, beforeAll, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { isAbortedTransaction, isUniqueViolation } from "../lib/sql-state";
import { createTestDatabase } from "../test/harness/harness";
import type { Database } from "./client";
import { together } from "./together";

// together() (ADR 0060): statements of one transaction sent at once fail with their cause, not
// with the "transaction is aborted" echo of the statements after it. On PGlite by default and on
// PostgreSQL under TEST_DATABASE_URL, where the statements are pipelined on one connection.

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`create table together_test (k text primary key)`);
  await database.db.execute(sql`insert into together_test (k) values ('taken')`);
}, 60_000);
afterAll(() => database?.close());

const aborted = Object.assign(new Error("current transaction is aborted"), { code: "25P02" });
const unique = Object.assign(new Error("duplicate key"), { code: "23505" });
const later = <T>(ms: number, f: () => T) => new Promise<T>((res) => setTimeout(res, ms)).then(f);

test("resolves with every result, in order", async () => {
  expect(await together([Promise.resolve(1), later(5, () => "two"), 3])).toEqual([1, "two", 3]);
});

test("the cause wins over an echo that failed first", async () => {
  // The echo rejects at once, the cause 20 ms later: Promise.all would report the echo.
  const echo = Promise.reject(aborted);
  const cause = later(20, () => {
    throw unique;
  });
  await expect(Promise.all([cause, echo])).rejects.toBe(aborted);
  await expect(together([cause, echo])).rejects.toBe(unique);
});

test("only echoes: the first of them", async () => {
  const second = Object.assign(new Error("also aborted"), { code: "25P02" });
  await expect(together([Promise.reject(aborted), Promise.reject(second)])).rejects.toBe(aborted);
});

test("in a real transaction: a duplicate key and the statements sent after it", async () => {
  let thrown: unknown;
  await database.db
    .transaction(async (tx) => {
      await together([
        tx.execute(sql`select 1`),
        tx.execute(sql`insert into together_test (k) values ('taken')`),
        tx.execute(sql`insert into together_test (k) values ('fresh')`),
        tx.execute(sql`select count(*) from together_test`),
      ]);
    })
    .catch((err: unknown) => {
      thrown = err;
    });
  expect(isUniqueViolation(thrown)).toBe(true);
  expect(isAbortedTransaction(thrown)).toBe(false);
  // Nothing of the transaction stayed.
  const left = await database.db.execute(sql`select k from together_test order by k`);
  const keys = (Array.isArray(left) ? left : (left as { rows: { k: string }[] }).rows).map((r) => r.k);
  expect(keys).toEqual(["taken"]);
});

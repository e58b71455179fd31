import { afterAll, beforeAll, beforeEach, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { isUniqueViolation } from "../lib/sql-state";
import { createTestDatabase } from "../test/harness/harness";
import type { Database } from "./client";
import { commitAhead } from "./commit-ahead";
import { rows } from "./raw";
import { together } from "./together";

// commitAhead() (ADR 0069): COMMIT sent behind a transaction's last statements. On PGlite it does
// nothing; on PostgreSQL (TEST_DATABASE_URL) the patched postgres.js pipelines it. Either way a
// failure before COMMIT must leave nothing behind, and the failure's own error must be reported.

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`create table ahead_test (k text primary key)`);
}, 60_000);
afterAll(() => database?.close());
beforeEach(async () => {
  await database.db.execute(sql`delete from ahead_test`);
  await database.db.execute(sql`insert into ahead_test (k) values ('taken')`);
});

const keys = async () =>
  (await rows<{ k: string }>(database.db, sql`select k from ahead_test order by k`)).map((r) => r.k);

test("the last statements and COMMIT: the work is kept and the callback's answer returned", async () => {
  let seenOutside: string[] = [];
  const answer = await database.db.transaction(async (tx) => {
    await tx.execute(sql`insert into ahead_test (k) values ('first')`);
    await together([tx.execute(sql`insert into ahead_test (k) values ('last')`), commitAhead(tx)]);
    // On PostgreSQL the transaction has committed by now: another connection sees its rows before
    // the callback returns. (PGlite has one connection, busy with this transaction.)
    if (database.kind === "postgres") seenOutside = await keys();
    return "done";
  });
  expect(answer).toBe("done");
  expect(await keys()).toEqual(["first", "last", "taken"]);
  if (database.kind === "postgres") expect(seenOutside).toEqual(["first", "last", "taken"]);
});

test("a write that fails before COMMIT: its own error, and nothing of the transaction stays", async () => {
  let thrown: unknown;
  await database.db
    .transaction(async (tx) => {
      await tx.execute(sql`insert into ahead_test (k) values ('kept?')`);
      await together([
        tx.execute(sql`insert into ahead_test (k) values ('taken')`),
        tx.execute(sql`insert into ahead_test (k) values ('after')`),
        commitAhead(tx),
      ]);
    })
    .catch((err: unknown) => {
      thrown = err;
    });
  expect(isUniqueViolation(thrown)).toBe(true);
  expect(await keys()).toEqual(["taken"]);
});

test("a failure the callback swallowed still rolls everything back", async () => {
  const outcome = await database.db
    .transaction(async (tx) => {
      await tx.execute(sql`insert into ahead_test (k) values ('kept?')`);
      const failed = tx.execute(sql`insert into ahead_test (k) values ('taken')`).catch(() => "ignored");
      await together([failed, commitAhead(tx)]);
      return "resolved";
    })
    .then(
      (v) => v,
      (err: unknown) => err,
    );
  expect(outcome).not.toBe("resolved");
  expect(await keys()).toEqual(["taken"]);
});

test("the callback fails before COMMIT has left: ROLLBACK leaves in its place", async () => {
  const problem = new Error("refused after asking for COMMIT");
  let thrown: unknown;
  await database.db
    .transaction(async (tx) => {
      await tx.execute(sql`insert into ahead_test (k) values ('kept?')`);
      void commitAhead(tx);
      throw problem;
    })
    .catch((err: unknown) => {
      thrown = err;
    });
  expect(thrown).toBe(problem);
  expect(await keys()).toEqual(["taken"]);
  // The connection is clean for the next transaction.
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`insert into ahead_test (k) values ('next')`);
  });
  expect(await keys()).toEqual(["next", "taken"]);
});

test("inside a savepoint it does nothing: the outer transaction decides", async () => {
  await database.db
    .transaction(async (tx) => {
      await tx.transaction(async (inner) => {
        await inner.execute(sql`insert into ahead_test (k) values ('inner')`);
        expect(commitAhead(inner)).toBeUndefined();
      });
      throw new Error("outer refuses");
    })
    .catch(() => {});
  expect(await keys()).toEqual(["taken"]);
});

import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import { createTestDatabase } from "../test/harness/harness";
import { type Database, openDatabase } from "./client";
import { rows } from "./raw";
import { users } from "./schema/users";

// prepare-all.ts makes every parameterised drizzle query a named prepared statement by wrapping
// postgres.js's `unsafe`, the one call drizzle 0.45 makes for a query that was not .prepare(name)d.
// That is drizzle's internal detail: if an upgrade reaches the driver another way, the wrapper is
// silently skipped and the leaderboards lose their saved plans (ADR 0011). This asks PostgreSQL
// itself, on the pool's one connection, which statements it holds prepared. PostgreSQL only
// (*.pg-test.ts): .ci/run's PostgreSQL pass runs it by name.

const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) throw new Error("prepare-all.pg-test.ts needs TEST_DATABASE_URL (a PostgreSQL server)");

let owner: Database;
let database: Database;

beforeAll(async () => {
  owner = await createTestDatabase();
  const [{ name }] = await rows<{ name: string }>(owner.db, sql`select current_database() as name`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // One connection, so the statements asked about are the ones our queries left on it.
  database = await openDatabase({ url: url.toString(), max: 1 });
});

afterAll(async () => {
  await database?.close();
  await owner?.close();
});

async function preparedStatements(): Promise<string[]> {
  const found = await rows<{ statement: string }>(database.db, sql`select statement from pg_prepared_statements`);
  return found.map((r) => r.statement);
}

describe("drizzle goes through the wrapped unsafe call (PostgreSQL)", () => {
  test("a parameterised select, a raw execute and a statement inside a transaction are named prepared statements", async () => {
    const select = database.db.select({ id: users.id }).from(users).where(eq(users.id, 424242));
    await select;
    const raw = sql`select ${7}::int + 1 as eight`;
    await database.db.execute(raw);
    const inTx = database.db.select({ name: users.username }).from(users).where(eq(users.username, "nobody-here"));
    await database.db.transaction(async (tx) => {
      await tx.select({ name: users.username }).from(users).where(eq(users.username, "nobody-here"));
    });

    const statements = await preparedStatements();
    expect(statements).toContain(select.toSQL().sql);
    expect(statements).toContain("select $1::int + 1 as eight");
    expect(statements).toContain(inTx.toSQL().sql);
  });
});
